import type { SigningKeysResponse } from '../../src/domain/api/signingKeys';
import type { AppContext } from '../context';
import { fieldError } from '../http/errors';
import type { Handlers } from '../http/mountOperations';

/** GET /api/signing-keys, without a token: public keys are public, and a verifier pins one of them. */
export function signingKeyHandlers(ctx: AppContext): Handlers {
  return {
    // mounted before the contract's validator (it needs no token), so it refuses what the validator would: any query parameter
    listSigningKeys: async (req, res) => {
      const [unknown] = Object.keys(req.query);
      if (unknown !== undefined) throw fieldError(unknown, `Unknown query parameter '${unknown}': the signing keys take none.`);
      const body: SigningKeysResponse = { keys: await ctx.data.signingKeys().list() };
      res.json(body);
    },
  };
}
