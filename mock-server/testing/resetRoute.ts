import express from 'express';
import type { AppContext } from '../context';
import { seedDemoData } from '../seed';
import { sweepFiles } from '../store/fileSweep';

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
      // the seed deletes nothing: the files of the data it replaced go here (this test server alone uses them)
      await sweepFiles(ctx.data, ctx.blobs, { graceMs: 0 });
      res.json({ status: 1 });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
