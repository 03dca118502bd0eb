import express from 'express';
import { requireOperation } from '../auth/middleware';
import type { AppContext } from '../context';

/** GET /api/changes: the Recent Changes list on Home, newest first (any logged-in user). */
export function changesRoutes(ctx: AppContext): express.Router {
  const router = express.Router();
  router.get('/changes', requireOperation('changes', 'list'), async (_req, res) => {
    res.json(await ctx.data.changes.list());
  });
  return router;
}
