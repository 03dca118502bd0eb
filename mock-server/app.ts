import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { auditHandlers } from './audits/routes';
import { labHandlers } from './batches/labRoutes';
import { batchHandlers } from './batches/routes';
import { HashGate } from './auth/hashGate';
import { authenticate } from './auth/middleware';
import { authHandlers } from './auth/routes';
import { loadSecret, TokenService } from './auth/tokens';
import { adminHandlers } from './admin/routes';
import { changeHandlers } from './changes/routes';
import { loadOpenApi, OPENAPI_SOURCE } from './http/openapiDocument';
import { ecoAssetHandlers } from './eco-assets/routes';
import { PROJECT_ROOT, type ServerConfig } from './config';
import type { AppContext } from './context';
import { UploadGate } from './files/multipartUpload';
import { PdfChecker } from './files/pdfChecker';
import { ensurePrivateDir } from './blobs/privateFiles';
import { facilityPhotoHandlers } from './facilities/photoRoutes';
import { facilityHandlers } from './facilities/routes';
import { facilityStatementHandlers } from './facilities/statementRoutes';
import { apiNotFound, errorHandler } from './http/errors';
import { healthHandlers, type Lifecycle } from './http/health';
import { operationRouters, type Handlers } from './http/mountOperations';
import { plainTextInput } from './http/plainText';
import { withBoundedRequestIntegers } from './http/requestIntegers';
import { TEXT_FORMATS } from './http/textFormats';
import { securityHeaders } from './http/security';
import { closeWhenStopping } from './http/shutdown';
import { dependencyErrors } from './http/unavailable';
import { startArchivePurge } from './kilnlogs/purge';
import { kilnLogAssignHandlers } from './kilnlogs/assignRoute';
import { kilnLogHandlers } from './kilnlogs/routes';
import { kilnKeyHandlers } from './kilns/keyRoutes';
import { calibrationHandlers } from './kilns/calibrationRoutes';
import { kilnHandlers } from './kilns/routes';
import { loadRulebooks } from './methodologies/rulebooks';
import { methodologyHandlers } from './methodologies/routes';
import { fleetHandlers } from './fleet/routes';
import { seedIfEmpty } from './seed';
import { loadPackageSigner } from './signing/packageSigner';
import { isOrigin } from '../src/domain/transparency/checkpoint';
import { bringInActs } from './transparency/bringIn';
import { recordingActs } from './transparency/recordedActs';
import { transparencyHandlers } from './transparency/routes';
import { signingKeyHandlers } from './signing/routes';
import { startFileSweep, type FileSweepJob } from './store/fileSweep';
import { openBlobs, openStore } from './store/storeConfig';
import { copyChecksSettled } from './fleet/copyCheck';
import { testResetRoutes } from './testing/resetRoute';
import { userAdminHandlers } from './users/userAdminRoutes';
import { userHandlers } from './users/routes';

export const OPENAPI_FILE = OPENAPI_SOURCE;
const CONSOLE_DIR = path.join(PROJECT_ROOT, 'dist');
const JSON_LIMIT = '1mb';
type ValidatorOptions = Parameters<typeof OpenApiValidator.middleware>[0];

/** The features' handlers of the operations that need a token, keyed by operationId (http/mountOperations.ts mounts them). */
const FEATURE_HANDLERS: ((ctx: AppContext) => Handlers)[] = [
  changeHandlers,
  userHandlers,
  userAdminHandlers,
  adminHandlers,
  kilnLogHandlers,
  kilnLogAssignHandlers,
  kilnHandlers,
  kilnKeyHandlers,
  calibrationHandlers,
  facilityHandlers,
  facilityPhotoHandlers,
  facilityStatementHandlers,
  auditHandlers,
  ecoAssetHandlers,
  fleetHandlers,
  batchHandlers,
  labHandlers,
  methodologyHandlers,
];

export interface KilnConsoleServer {
  app: express.Express;
  ctx: AppContext;
  /** `stopping` set (on SIGTERM) turns readiness to 503 */
  lifecycle: Lifecycle;
  /** the start-up file sweep: done before createApp resolves on the embedded store with its own folder, in the background otherwise */
  fileSweep: FileSweepJob;
  /** stops the background jobs (the hourly purge of archived logs, a file sweep under way) and closes the store */
  stop(): Promise<void>;
}

export async function createApp(config: ServerConfig): Promise<KilnConsoleServer> {
  // every server on one database must sign with one key, or a token from one answers 401 on the next
  if (config.storage.databaseUrl && !config.jwtSecret) {
    throw new Error(
      'JWT_SECRET must be set on PostgreSQL (DATABASE_URL): every server sharing the database signs tokens with it. Set the same value of at least 32 bytes on each.',
    );
  }
  // packages made by any server must verify against the one key GET /api/signing-keys lists
  if (config.storage.databaseUrl && !config.packageSigningKey) {
    throw new Error(
      'PACKAGE_SIGNING_KEY must be set on PostgreSQL (DATABASE_URL): every server sharing the database signs packages with it. Set the same Ed25519 private key (PKCS#8 PEM, `openssl genpkey -algorithm ed25519`) on each.',
    );
  }
  if (!isOrigin(config.transparencyOrigin))
    throw new Error(
      `TRANSPARENCY_ORIGIN must be a checkpoint origin (no spaces or '+'), not ${JSON.stringify(config.transparencyOrigin)}.`,
    );
  // a rulebook that fails its check stops the start before anything is written, naming the file and the field
  const rulebooks = loadRulebooks();
  // a weak JWT_SECRET stops the start before anything is written
  const secret = loadSecret(path.resolve(config.dataDir), config.jwtSecret);
  const signer = loadPackageSigner(path.resolve(config.dataDir), config.packageSigningKey);
  const tokens = new TokenService(secret, config.tokenTtl);
  const storage = { ...config.storage, dataDir: path.resolve(config.dataDir) };
  // DATA_DIR holds the secret and the files on either store, not only db.json: the server's user alone reads it
  ensurePrivateDir(storage.dataDir);
  // PostgreSQL (DATABASE_URL) runs its migrations here, before the first request
  const store = await openStore(storage);
  // every act a handler or job writes is recorded in the transparency log, in the act's transaction
  const data = recordingActs(store);
  const hashes = new HashGate(config.loginThrottle.hashConcurrency, config.loginThrottle.hashQueue);
  const pdfChecker = new PdfChecker(config.uploads.pdf);
  const ctx: AppContext = {
    config,
    data,
    blobs: openBlobs(storage),
    tokens,
    hashes,
    uploads: new UploadGate(config.uploads.concurrency, config.uploads.queue),
    pdfChecker,
    signer,
    rulebooks,
  };
  const interrupted = await ctx.blobs.removeInterruptedWrites();
  if (interrupted > 0) console.log(`Removed ${interrupted} file(s) whose writing a stop cut short.`);
  // the embedded store is seeded when empty; PostgreSQL only when asked (SEED_DEMO=1), never by accident.
  // The demo files need no fsync: a crash during the seed is followed by another seed (into a bucket, once it is emptied)
  // the seed's acts are brought into the log after it, with those of a store from before the log
  if (data.kind === 'embedded' || config.seedDemo) await seedIfEmpty({ ...ctx, data: store, blobs: openBlobs(storage, false) });
  else if (await data.isEmpty())
    console.log('The database holds no user: load one with `npm run store:copy`, or demo data with `npm run seed` (or SEED_DEMO=1).');
  const broughtIn = await bringInActs({ data: store, blobs: ctx.blobs, signer, config });
  if (broughtIn !== null) console.log(`The transparency log begins: ${broughtIn} earlier acts brought in.`);
  // files a kill left without their record go, records without their file are reported: before the first
  // request on the embedded store with its own folder, in the background on PostgreSQL or a bucket
  await data.signingKeys().use({ kid: signer.kid, public_key: signer.publicKeyPem }, new Date().toISOString());
  const fileSweep = await startFileSweep(ctx);
  const archivePurge = await startArchivePurge(ctx);
  const lifecycle: Lifecycle = { stopping: false };

  const app = express();
  app.disable('x-powered-by');
  // whose X-Forwarded-For names the client (the login throttles' identity): none unless TRUST_PROXY says
  app.set('trust proxy', config.trustProxy);
  app.use(closeWhenStopping(lifecycle));
  app.use(securityHeaders);
  app.use(compression());

  // every operation of the contract, at its path behind its guard; a handler missing or left over stops the start here
  const contract = loadOpenApi(OPENAPI_FILE);
  const routes = operationRouters(contract.operations, [
    healthHandlers(ctx, lifecycle),
    authHandlers(ctx),
    signingKeyHandlers(ctx),
    transparencyHandlers(ctx),
    ...FEATURE_HANDLERS.map((handlers) => handlers(ctx)),
  ]);
  const api = express.Router();
  // tokens and records must not linger in any cache; stored files override this with `private, no-cache`
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  api.use(express.json({ limit: JSON_LIMIT }));
  // the public calls (health, login) and the test reset, outside the contract's guards
  api.use(routes.open);
  api.use(testResetRoutes(ctx, store));
  api.use(authenticate(tokens, ctx.data));
  api.use(
    OpenApiValidator.middleware({
      apiSpec: withBoundedRequestIntegers(contract.raw) as unknown as ValidatorOptions['apiSpec'],
      validateRequests: { allowUnknownQueryParameters: false },
      validateResponses: config.validateResponses,
      validateSecurity: false,
      fileUploader: false,
      ignoreUndocumented: false,
      formats: TEXT_FORMATS,
    }),
  );
  api.use(plainTextInput);
  api.use(routes.guarded);
  api.use(apiNotFound);
  app.use('/api', api);

  if (config.serveConsole && fs.existsSync(path.join(CONSOLE_DIR, 'index.html'))) {
    app.use(express.static(CONSOLE_DIR, { index: false, maxAge: '1y', immutable: true }));
    // the console is a single-page app: every other GET is its index.html
    app.get('/{*path}', (_req, res) => {
      res.set('Cache-Control', 'no-cache').sendFile(path.join(CONSOLE_DIR, 'index.html'));
    });
  }
  app.use(dependencyErrors, errorHandler);
  return {
    app,
    ctx,
    lifecycle,
    fileSweep,
    async stop() {
      archivePurge.stop();
      await fileSweep.stop();
      void pdfChecker.close();
      // the copy checks already queued finish against the store they read (each a fraction of a second)
      await copyChecksSettled(data);
      await data.close();
    },
  };
}
