import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { auditRoutes } from './audits/routes';
import { authenticate } from './auth/middleware';
import { authRoutes } from './auth/routes';
import { loadSecret, TokenService } from './auth/tokens';
import { adminRoutes } from './admin/routes';
import { changesRoutes } from './changes/routes';
import { ecoAssetRoutes } from './eco-assets/routes';
import { PROJECT_ROOT, type ServerConfig } from './config';
import type { AppContext } from './context';
import { UploadGate } from './files/multipartUpload';
import { PdfChecker } from './files/pdfChecker';
import { ensurePrivateDir } from './files/privateFiles';
import { facilityPhotoRoutes } from './facilities/photoRoutes';
import { facilityRoutes } from './facilities/routes';
import { facilityStatementRoutes } from './facilities/statementRoutes';
import { apiNotFound, errorHandler } from './http/errors';
import { securityHeaders } from './http/security';
import { startArchivePurge } from './kilnlogs/purge';
import { kilnLogRoutes } from './kilnlogs/routes';
import { kilnRoutes } from './kilns/routes';
import { seedIfEmpty } from './seed';
import { reportSweep, sweepFiles, sweepGraceMs } from './store/fileSweep';
import { openBlobs, openStore } from './store/storeConfig';
import { testResetRoutes } from './testing/resetRoute';
import { userAdminRoutes } from './users/userAdminRoutes';
import { userRoutes } from './users/routes';

export const OPENAPI_FILE = path.join(PROJECT_ROOT, 'mock-server', 'openapi.yaml');
const CONSOLE_DIR = path.join(PROJECT_ROOT, 'dist');
const JSON_LIMIT = '1mb';

/** The feature route modules, each mounted under /api behind authentication. */
const FEATURE_ROUTES: ((ctx: AppContext) => express.Router)[] = [
  changesRoutes,
  userRoutes,
  userAdminRoutes,
  adminRoutes,
  kilnLogRoutes,
  kilnRoutes,
  facilityRoutes,
  facilityPhotoRoutes,
  facilityStatementRoutes,
  auditRoutes,
  ecoAssetRoutes,
];

export interface KilnConsoleServer {
  app: express.Express;
  ctx: AppContext;
  /** stops the background jobs (the hourly purge of archived logs) and closes the store */
  stop(): Promise<void>;
}

export async function createApp(config: ServerConfig): Promise<KilnConsoleServer> {
  // a weak JWT_SECRET stops the start before anything is written
  const secret = loadSecret(path.resolve(config.dataDir), config.jwtSecret);
  const tokens = new TokenService(secret, config.tokenTtl);
  const storage = { ...config.storage, dataDir: path.resolve(config.dataDir) };
  // DATA_DIR holds the secret and the files on either store, not only db.json: the server's user alone reads it
  ensurePrivateDir(storage.dataDir);
  // PostgreSQL (DATABASE_URL) runs its migrations here, before the first request
  const data = await openStore(storage);
  const pdfChecker = new PdfChecker(config.uploads.pdf);
  const ctx: AppContext = { config, data, blobs: openBlobs(storage), tokens, uploads: new UploadGate(config.uploads.concurrency, config.uploads.queue), pdfChecker };
  const interrupted = await ctx.blobs.removeInterruptedWrites();
  if (interrupted > 0) console.log(`Removed ${interrupted} file(s) whose writing a stop cut short.`);
  // the demo files need no fsync: a crash during the seed is followed by another seed
  await seedIfEmpty({ ...ctx, blobs: openBlobs(storage, false) });
  // before the first request: files a kill left without their record go, records without their file are reported
  reportSweep(await sweepFiles(data, ctx.blobs, { graceMs: sweepGraceMs(data, ctx.blobs, config.fileSweepGraceMinutes) }));
  const archivePurge = await startArchivePurge(ctx);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(securityHeaders);
  app.use(compression());

  const api = express.Router();
  // tokens and records must not linger in any cache; stored files override this with `private, no-cache`
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  api.use(express.json({ limit: JSON_LIMIT }));
  api.get('/health', (_req, res) => res.json({ status: 'ok' }));
  api.use(testResetRoutes(ctx));
  api.use(authRoutes(ctx));
  api.use(authenticate(tokens, ctx.data));
  api.use(
    OpenApiValidator.middleware({
      apiSpec: OPENAPI_FILE,
      validateRequests: { allowUnknownQueryParameters: false },
      validateResponses: config.validateResponses,
      validateSecurity: false,
      fileUploader: false,
      ignoreUndocumented: false,
    }),
  );
  for (const routes of FEATURE_ROUTES) api.use(routes(ctx));
  api.use(apiNotFound);
  app.use('/api', api);

  if (config.serveConsole && fs.existsSync(path.join(CONSOLE_DIR, 'index.html'))) {
    app.use(express.static(CONSOLE_DIR, { index: false, maxAge: '1y', immutable: true }));
    // the console is a single-page app: every other GET is its index.html
    app.get('/{*path}', (_req, res) => {
      res.set('Cache-Control', 'no-cache').sendFile(path.join(CONSOLE_DIR, 'index.html'));
    });
  }
  app.use(errorHandler);
  return {
    app,
    ctx,
    stop() {
      archivePurge.stop();
      void pdfChecker.close();
      return data.close();
    },
  };
}
