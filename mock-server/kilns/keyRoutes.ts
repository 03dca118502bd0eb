import type { Request } from 'express';
import type { FacilityChange, KilnKey, KilnKeyAddRequest } from '../../src/domain/api/configure';
import type { AuthContext } from '../auth/authContext';
import { may } from '../auth/may';
import { facilityScope } from '../auth/facilityScope';
import type { AppContext } from '../context';
import type { Handlers } from '../http/mountOperations';
import { recordFacilityChange } from '../facilities/facilityChanges';
import { conflict, fieldError, notFound } from '../http/errors';
import { positiveId } from '../http/fieldErrors';
import type { DataStore, StoreParts } from '../store/dataStore';
import type { FacilityChangeAction } from '../store/model';
import type { KilnKeyRecord, KilnRecord } from '../store/model';
import { keyTaken, parsePublicKey } from './kilnKeys';

const MAX_LABEL = 200;

/** The trail's actions about a kiln's keys. */
const KEY_ACTIONS: readonly FacilityChangeAction[] = ['add_kiln_key', 'approve_kiln_key', 'revoke_kiln_key'];

/** Whether the caller approves kiln keys (a super-admin, who approves kiln ids too): a key anyone else adds waits for one. */
const approvesKeys = (auth: AuthContext) => may(auth, 'kilns', 'approve');

/** The key as the API answers it; `createdByName` the username of who added it (null: the demo seed, or a user since deleted). */
const toKilnKey = (k: KilnKeyRecord, createdByName: string | null): KilnKey => ({
  id: k.id,
  kiln_id: k.kiln_id,
  fingerprint: k.fingerprint,
  label: k.label,
  public_key: k.public_key,
  created_ts: k.created_ts,
  created_by: k.created_by,
  created_by_name: createdByName,
  approved_ts: k.approved_ts,
  approved_by: k.approved_by,
  revoked_ts: k.revoked_ts,
});

/** The keys as answered, each with the username of who added it (one look-up per user). */
async function withNames(data: Pick<DataStore, 'users'>, keys: readonly KilnKeyRecord[]): Promise<KilnKey[]> {
  const ids = [...new Set(keys.map((k) => k.created_by).filter((id) => id !== null))];
  const names = new Map(await Promise.all(ids.map(async (id) => [id, (await data.users.get(id))?.username ?? null] as const)));
  return keys.map((k) => toKilnKey(k, k.created_by === null ? null : (names.get(k.created_by) ?? null)));
}

/** The trail's note of a key (which key of which kiln). */
const keyDetail = (kiln: KilnRecord, key: KilnKeyRecord) => ({
  kiln: { id: kiln.id, kiln_id: kiln.kiln_id },
  key: { id: key.id, fingerprint: key.fingerprint, label: key.label },
});

/**
 * A kiln's keys (docs/security.md, "Kiln identity"): listed by those who read
 * the kiln, added and revoked by those who may update it, in its facility's
 * scope (another facility's kiln is a 404); a key is active only once a
 * super-admin approved it (at once when a super-admin added it). Each change
 * goes to the facility's trail.
 */
export function kilnKeyHandlers(ctx: AppContext): Handlers {
  const { data } = ctx;

  /** The kiln the caller may reach; 404 for any other. */
  const reachableKiln = async (tx: Pick<StoreParts, 'kilns' | 'facilities'>, auth: AuthContext, req: Request): Promise<KilnRecord> => {
    const [kiln, scope] = await Promise.all([tx.kilns.get(positiveId(req.params.id, 'id')), facilityScope(auth, tx)]);
    if (!kiln || (scope && !scope.has(kiln.facility_id))) throw notFound('No such kiln.');
    return kiln;
  };

  return {
    listKilnKeys: async (req, res) => {
      const kiln = await reachableKiln(data, req.auth!, req);
      const body: KilnKey[] = await withNames(data, await data.kilns.keys(kiln.id));
      res.json(body);
    },

    // the trail of the kiln's keys (who added or revoked which, when), for those who read the kiln: the facility's trail is a super-admin's
    listKilnKeyChanges: async (req, res) => {
      const kiln = await reachableKiln(data, req.auth!, req);
      const changes = await data.facilities.changesOf(kiln.facility_id, KEY_ACTIONS);
      const body: FacilityChange[] = changes.filter((c) => c.detail.kiln?.id === kiln.id);
      res.json(body);
    },

    addKilnKey: async (req, res) => {
      const auth = req.auth!;
      const payload: KilnKeyAddRequest = req.body;
      const label = payload.label.trim();
      if (!label) throw fieldError('label', 'Give the key a label (where it is installed, say).');
      if (label.length > MAX_LABEL) throw fieldError('label', `A label is at most ${MAX_LABEL} characters.`);
      const now = new Date().toISOString();
      const approval = approvesKeys(auth) ? { approved_ts: now, approved_by: auth.userId } : { approved_ts: null, approved_by: null };
      const key = await data.transaction(async (tx) => {
        const kiln = await reachableKiln(tx, auth, req);
        const parsed = parsePublicKey(payload.public_key);
        if ('reason' in parsed) throw fieldError('public_key', parsed.reason);
        if (await tx.kilns.keyByFingerprint(parsed.fingerprint)) throw keyTaken();
        // a racing registration of the same key meets the store's refusal (the unique fingerprint)
        const added = await tx.kilns.addKey({
          kiln_id: kiln.id,
          fingerprint: parsed.fingerprint,
          label,
          public_key: parsed.pem,
          created_ts: now,
          created_by: auth.userId,
          ...approval,
        });
        await recordFacilityChange(tx, auth, kiln.facility_id, 'add_kiln_key', keyDetail(kiln, added));
        return added;
      });
      res.status(201).json(toKilnKey(key, auth.username));
    },

    revokeKilnKey: async (req, res) => {
      const auth = req.auth!;
      const keyId = positiveId(req.params.keyId, 'keyId');
      const key = await data.transaction(async (tx) => {
        const kiln = await reachableKiln(tx, auth, req);
        const done = await tx.kilns.revokeKey(kiln.id, keyId, new Date().toISOString());
        if (!done) throw notFound('No such key of this kiln.');
        if (!done.revoked) throw conflict(`The key ${done.key.label} was revoked already, on ${done.key.revoked_ts}: revoking is final.`);
        await recordFacilityChange(tx, auth, kiln.facility_id, 'revoke_kiln_key', keyDetail(kiln, done.key));
        return done.key;
      });
      res.json((await withNames(data, [key]))[0]);
    },

    // the operation's rule (certify kiln) is a super-admin's: every other role has had its 403
    approveKilnKey: async (req, res) => {
      const auth = req.auth!;
      const keyId = positiveId(req.params.keyId, 'keyId');
      const key = await data.transaction(async (tx) => {
        const kiln = await reachableKiln(tx, auth, req);
        const done = await tx.kilns.approveKey(kiln.id, keyId, { approved_by: auth.userId, approved_ts: new Date().toISOString() });
        if (!done) throw notFound('No such key of this kiln.');
        if (!done.approved) {
          const { label, revoked_ts, approved_ts } = done.key;
          throw conflict(
            revoked_ts !== null
              ? `The key ${label} was revoked on ${revoked_ts}: a revoked key cannot be approved.`
              : `The key ${label} was approved already, on ${approved_ts}.`,
          );
        }
        await recordFacilityChange(tx, auth, kiln.facility_id, 'approve_kiln_key', keyDetail(kiln, done.key));
        return done.key;
      });
      res.json((await withNames(data, [key]))[0]);
    },
  };
}
