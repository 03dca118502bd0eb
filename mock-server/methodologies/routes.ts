import type { MethodologiesResponse } from '../../src/domain/api/methodologies';
import type { AppContext } from '../context';
import type { Handlers } from '../http/mountOperations';

/** GET /api/methodologies: the rulebooks checked at start, each with the SHA-256 of its file (docs/decisions.md, "Rulebooks as data"). */
export function methodologyHandlers(ctx: AppContext): Handlers {
  return {
    listMethodologies: async (_req, res) => {
      const body: MethodologiesResponse = [...ctx.rulebooks];
      res.json(body);
    },
  };
}
