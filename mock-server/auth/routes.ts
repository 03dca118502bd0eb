import type { Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { AppContext } from '../context';
import { ACCOUNT_LOCKED } from '../../src/domain/accountRelease';
import { HttpError } from '../http/errors';
import type { Handlers } from '../http/mountOperations';
import { refuseControlCharacters } from '../http/plainText';
import { readCredentials, type Credentials } from './credentials';
import { decoyPasswordHash, verifyPassword } from './passwords';

const wrongCredentials = () => new HttpError(401, 'Credentials provided were incorrect.');
const tooMany = (retryAfterS: number) =>
  new HttpError(429, 'Too many failed login attempts. Try again later.', { 'Retry-After': String(Math.max(1, retryAfterS)) });

/**
 * POST /api/auth: 200 with the token as text/plain, 401 otherwise (docs/product.md#calls).
 * In front of the password check, in this order (docs/security.md): the body
 * is validated, each client may fail only so often (a control character in
 * the name or password counts as a failure), each client and username
 * pair waits longer after each failure, and only a few hash checks run at once.
 */
export function authHandlers(ctx: AppContext): Handlers {
  const { loginThrottle } = ctx.config;
  // in the database on PostgreSQL: every server behind the balancer counts the same failures
  const delays = ctx.data.loginThrottle(loginThrottle);
  const { hashes } = ctx;
  // made now, so the first login for an unknown name costs no more than any other
  decoyPasswordHash(ctx.config.passwordHashCost).catch((err: unknown) => console.error('Preparing the decoy password hash failed:', err));

  const perClient = rateLimit({
    windowMs: loginThrottle.clientWindowMs,
    limit: loginThrottle.clientLimit,
    skipSuccessfulRequests: true,
    // only a refusal counts as a failed login: a 5xx (the database down, the hash gate full) checked no password
    requestWasSuccessful: (_req, res) => res.statusCode < 400 || res.statusCode >= 500,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    store: delays.clientStore,
    handler: (_req, _res, next, options) => next(tooMany(Math.ceil(options.windowMs / 1000))),
  });

  const credentialsOf = (res: Response) => res.locals.credentials as Credentials;

  return {
    logIn: [
      (req, res, next) => {
        res.locals.credentials = readCredentials(req.body);
        next();
      },
      perClient,
      (_req, res, next) => {
        // a 400 here counts as a failed login for the client: no account's name or password holds one
        const { username, password } = credentialsOf(res);
        refuseControlCharacters({ username, password });
        next();
      },
      async (req, res) => {
        const { username, password, throttleKey } = credentialsOf(res);
        const client = req.ip ?? 'unknown';
        const waitMs = await delays.waitMs(client, throttleKey);
        // the same answer for real and made-up names, so a 429 tells nothing about who exists
        if (waitMs > 0) throw tooMany(Math.ceil(waitMs / 1000));
        const user = await ctx.data.users.findByUsername(username);
        const stored = user?.password_hash ?? (await decoyPasswordHash(ctx.config.passwordHashCost));
        const ok = await hashes.run(() => verifyPassword(password, stored));
        if (!user || !ok) {
          await delays.failed(client, throttleKey);
          throw wrongCredentials();
        }
        await delays.succeeded(client, throttleKey);
        // the right password, but the account waits for a super-admin's release (security review M2)
        if (user.locked) throw new HttpError(423, ACCOUNT_LOCKED);
        await ctx.data.users.recordLogin(user.id, new Date().toISOString());
        res.type('text/plain').send(await ctx.tokens.issue(user));
      },
    ],
  };
}
