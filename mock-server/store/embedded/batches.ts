import { missing } from '../errors';
import {
  checkClose,
  checkEndUse,
  checkLabResult,
  labNameKey,
  newBatchRecord,
  newLab,
  refuseTakenLabKey,
  refuseTakenLabName,
  refuseUnknownLab,
  sampledBatch,
  storedEmissions,
  toBatchBurn,
} from '../batchRules';
import type { BatchStore, LabStore } from '../parts/batches';
import { byNumber, copy, insertNew, type Access } from './access';
import type { EmbeddedShape } from './state';

const oldestFirst = <T extends { id: number }>(rows: T[]) => copy(rows).sort((a, b) => byNumber(a.id, b.id));

/** The batch holding each burn: db.json keeps the claim in the batch's analysis_ids alone (transactions run one at a time). */
function batchOfBurn(s: EmbeddedShape): Map<number, number> {
  const holder = new Map<number, number>();
  for (const b of s.batches) for (const id of b.analysis_ids) holder.set(id, b.id);
  return holder;
}

const batchOrMissing = (s: EmbeddedShape, id: number) => {
  const batch = s.batches.find((b) => b.id === id);
  if (!batch) throw missing('No such batch.');
  return batch;
};

export function embeddedBatches(a: Access): BatchStore {
  return {
    create: (input) =>
      a.write((s, m) => {
        const wanted = new Set(input.analysis_ids);
        const holder = batchOfBurn(s);
        const burns = new Map(s.kilnlogs.filter((l) => wanted.has(l.id)).map((l) => [l.id, toBatchBurn(l, holder.get(l.id) ?? null)]));
        const facility = s.facilities.find((f) => f.id === input.facility_id);
        return insertNew(m, 'batches', newBatchRecord(input, burns, facility?.batch_period_days));
      }),
    get: (id) => a.read((s) => copy(s.batches.find((b) => b.id === id) ?? null)),
    list: (filter = {}) =>
      a.read((s) =>
        copy(s.batches.filter((b) => !filter.facilityIds || filter.facilityIds.includes(b.facility_id))).sort((x, y) =>
          byNumber(y.id, x.id),
        ),
      ),
    ofLogs: (logIds) => a.read((s) => oldestFirst(s.batches.filter((b) => b.analysis_ids.some((id) => logIds.includes(id))))),
    close: (id) =>
      a.write((s, m) => {
        const batch = s.batches.find((b) => b.id === id);
        if (!batch) return null;
        checkClose(batch);
        m.patch(batch, { state: 'closed' });
        return copy(batch);
      }),
    addLabResult: (result) =>
      a.write((s, m) => {
        const batch = batchOrMissing(s, result.batch_id);
        checkLabResult(
          result,
          s.lab_results.filter((r) => r.batch_id === batch.id),
        );
        if (!s.labs.some((l) => l.id === result.lab_id)) refuseUnknownLab();
        const added = insertNew(m, 'lab_results', { ...result, methods: [...result.methods] });
        m.patch(
          batch,
          sampledBatch(
            batch,
            s.lab_results.filter((r) => r.batch_id === batch.id),
          ),
        );
        return added;
      }),
    labResults: (batchId) => a.read((s) => oldestFirst(s.lab_results.filter((r) => r.batch_id === batchId))),
    addEndUse: (endUse) =>
      a.write((s, m) => {
        const batch = batchOrMissing(s, endUse.batch_id);
        checkEndUse(
          batch,
          endUse,
          s.end_uses.filter((e) => e.batch_id === batch.id),
        );
        return insertNew(m, 'end_uses', endUse);
      }),
    endUses: (batchId) => a.read((s) => oldestFirst(s.end_uses.filter((e) => e.batch_id === batchId))),
    setEmissions: (batchId, emissions) =>
      a.write((s, m) => {
        const batch = s.batches.find((b) => b.id === batchId);
        if (!batch) return null;
        m.patch(batch, { emissions: storedEmissions(emissions) });
        return copy(batch);
      }),
  };
}

export function embeddedLabs(a: Access): LabStore {
  return {
    create: (lab) =>
      a.write((s, m) => {
        const stored = newLab(lab);
        if (s.labs.some((l) => labNameKey(l.name) === labNameKey(stored.name))) refuseTakenLabName(stored.name);
        return insertNew(m, 'labs', stored);
      }),
    get: (id) => a.read((s) => copy(s.labs.find((l) => l.id === id) ?? null)),
    list: () => a.read((s) => oldestFirst(s.labs)),
    addKey: (key) =>
      a.write((s, m) => {
        if (!s.labs.some((l) => l.id === key.lab_id)) throw missing('No such laboratory.');
        if (s.lab_keys.some((k) => k.fingerprint === key.fingerprint)) refuseTakenLabKey();
        return insertNew(m, 'lab_keys', { ...key, revoked_ts: null, revoked_by: null });
      }),
    keys: (labId) => a.read((s) => oldestFirst(s.lab_keys.filter((k) => k.lab_id === labId))),
    revokeKey: (labId, keyId, revocation) =>
      a.write((s, m) => {
        const key = s.lab_keys.find((k) => k.id === keyId && k.lab_id === labId);
        if (!key) return null;
        if (key.revoked_ts !== null) return { key: copy(key), revoked: false };
        m.patch(key, { revoked_ts: revocation.revoked_ts, revoked_by: revocation.revoked_by });
        return { key: copy(key), revoked: true };
      }),
  };
}
