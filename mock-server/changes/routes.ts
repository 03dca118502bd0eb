import express from 'express';
import type { AppContext } from '../context';

/** GET /api/changes: the Recent Changes list on Home, newest first (any logged-in user). */
export function changesRoutes(ctx: AppContext): express.Router {
  const router = express.Router();
  router.get('/changes', async (_req, res) => {
    res.json(await ctx.data.changes.list());
  });
  return router;
}
