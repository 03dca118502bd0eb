import type { Lab, LabCreateRequest, LabKey, LabKeyAddRequest } from '../../src/domain/api/batches';
import type { AppContext } from '../context';
import { conflict, fieldError, notFound } from '../http/errors';
import { positiveId } from '../http/fieldErrors';
import type { Handlers } from '../http/mountOperations';
import { parsePublicKey } from '../kilns/kilnKeys';
import { toLab, toLabKey } from './views';

/**
 * The laboratories and their Ed25519 keys (docs/roles.md, "Batches, lab
 * results and laboratories"): read by whoever reads batches' lab results,
 * registered and revoked by a super-admin alone, since a key decides which
 * results are lab-signed. A key is in force from its registration until its
 * revocation, which is final and keeps its time; the store refuses a name
 * taken (any case) and a key registered already (400 naming the field).
 */
export function labHandlers(ctx: AppContext): Handlers {
  const { data } = ctx;
  return {
    listLabs: async (_req, res) => {
      const labs = await data.labs.list();
      const body: Lab[] = await Promise.all(labs.map(async (lab) => toLab(lab, await data.labs.keys(lab.id))));
      res.json(body);
    },

    createLab: async (req, res) => {
      const payload = req.body as LabCreateRequest;
      const lab = await data.labs.create({
        name: payload.name,
        accreditation: payload.accreditation,
        created_by: req.auth!.userId,
        created_ts: new Date().toISOString(),
      });
      const body: Lab = toLab(lab, []);
      res.status(201).json(body);
    },

    addLabKey: async (req, res) => {
      const labId = positiveId(req.params.id, 'id');
      const payload = req.body as LabKeyAddRequest;
      const parsed = parsePublicKey(payload.public_key);
      if ('reason' in parsed) throw fieldError('public_key', parsed.reason);
      const key = await data.labs.addKey({
        lab_id: labId,
        public_key: parsed.pem,
        fingerprint: parsed.fingerprint,
        registered_by: req.auth!.userId,
        registered_ts: new Date().toISOString(),
      });
      const body: LabKey = toLabKey(key);
      res.status(201).json(body);
    },

    revokeLabKey: async (req, res) => {
      const labId = positiveId(req.params.id, 'id');
      const keyId = positiveId(req.params.keyId, 'keyId');
      const done = await data.labs.revokeKey(labId, keyId, { revoked_by: req.auth!.userId, revoked_ts: new Date().toISOString() });
      if (!done) throw notFound('No such key of this laboratory.');
      if (!done.revoked)
        throw conflict(`The key ${done.key.fingerprint} was revoked already, on ${done.key.revoked_ts}: revoking is final.`);
      const body: LabKey = toLabKey(done.key);
      res.json(body);
    },
  };
}
