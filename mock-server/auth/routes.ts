import express from 'express';
import { rateLimit } from 'express-rate-limit';
import type { AppContext } from '../context';
import { HttpError, badRequest } from '../http/errors';
import { decoyPasswordHash, verifyPassword } from './passwords';

const MAX_FIELD_LENGTH = 256;

function credentials(body: unknown): { username: string; password: string } {
  const { username, password } = (body ?? {}) as Record<string, unknown>;
  if (typeof username !== 'string' || username.trim() === '' || username.length > MAX_FIELD_LENGTH) {
    throw badRequest('username must be a non-empty string.');
  }
  if (typeof password !== 'string' || password === '' || password.length > MAX_FIELD_LENGTH) {
    throw badRequest('password must be a non-empty string.');
  }
  return { username: username.trim(), password };
}

/** POST /api/auth: 200 with the token as text/plain, 401 otherwise (spec §7). */
export function authRoutes(ctx: AppContext): express.Router {
  const router = express.Router();

  // Counts failures per username whether or not the user exists, so a 429
  // tells nothing about which usernames are real.
  const throttle = rateLimit({
    windowMs: ctx.config.loginThrottle.windowMs,
    limit: ctx.config.loginThrottle.limit,
    skipSuccessfulRequests: true,
    keyGenerator: (req) => String((req.body as { username?: unknown } | undefined)?.username ?? '').trim().toLowerCase(),
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    validate: { ip: false, keyGeneratorIpFallback: false },
    handler: (_req, _res, next) => next(new HttpError(429, 'Too many failed login attempts. Try again later.')),
  });

  router.post('/auth', throttle, async (req, res, next) => {
    try {
      const { username, password } = credentials(req.body);
      const user = ctx.store.data.users.find((u) => u.username === username);
      const ok = await verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash()));
      if (!user || !ok) throw new HttpError(401, 'Credentials provided were incorrect.');
      user.last_login_ts = new Date().toISOString();
      ctx.store.write();
      res.type('text/plain').send(await ctx.tokens.issue(user));
    } catch (err) {
      next(err);
    }
  });

  return router;
}
