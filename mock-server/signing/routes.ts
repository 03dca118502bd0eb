import type { SigningKeysResponse } from '../../src/domain/api/signingKeys';
import type { AppContext } from '../context';
import type { Handlers } from '../http/mountOperations';

/** GET /api/signing-keys, without a token: public keys are public, and a verifier pins one of them. */
export function signingKeyHandlers(ctx: AppContext): Handlers {
  return {
    listSigningKeys: async (_req, res) => {
      const body: SigningKeysResponse = { keys: await ctx.data.signingKeys().list() };
      res.json(body);
    },
  };
}
