import type { AppContext } from '../context';
import type { Handlers } from '../http/mountOperations';

/** GET /api/changes: the Recent Changes list on Home, newest first (any logged-in user). */
export function changeHandlers(ctx: AppContext): Handlers {
  return {
    listRecentChanges: async (_req, res) => {
      res.json(await ctx.data.changes.list());
    },
  };
}
