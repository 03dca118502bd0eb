import express from 'express';
import type { AppContext } from '../context';
import { seedDemoData } from '../seed';

/**
 * POST /api/testing/reset: the demo data seeded afresh, so each browser test
 * that changes data starts from the same state. Mounted only when the server
 * runs with E2E_RESET=1 (the browser tests' server); otherwise the path is
 * unknown like any other (404).
 */
export function testResetRoutes(ctx: AppContext): express.Router {
  const router = express.Router();
  if (process.env.E2E_RESET !== '1') return router;
  router.post('/testing/reset', async (_req, res, next) => {
    try {
      await seedDemoData(ctx);
      res.json({ status: 1 });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
