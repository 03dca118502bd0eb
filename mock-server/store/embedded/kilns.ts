import { keyTaken } from '../kilnRules';
import { conflict } from '../errors';
import type { KilnStore } from '../parts/kilns';
import { copy, insertNew, patchById, sameName, type Access } from './access';
import type { EmbeddedShape } from './state';

export function embeddedKilns(a: Access): KilnStore {
  const taken = (s: EmbeddedShape, kilnId: string, except?: number) => s.kilns.some((k) => k.id !== except && sameName(k.kiln_id, kilnId));
  return {
    list: (filter = {}) =>
      a.read((s) =>
        s.kilns
          .filter((k) => !filter.facilityIds || filter.facilityIds.includes(k.facility_id))
          .map((k) => {
            const f = s.facilities.find((x) => x.id === k.facility_id);
            return { ...copy(k), facility_mnemonic: f?.mnemonic ?? '', facility_name: f?.name ?? '' };
          }),
      ),
    get: (id) => a.read((s) => copy(s.kilns.find((k) => k.id === id) ?? null)),
    lock: (id) => a.read((s) => copy(s.kilns.find((k) => k.id === id) ?? null)),
    findByKilnId: (kilnId) =>
      a.read((s) => {
        const kiln = s.kilns.find((k) => sameName(k.kiln_id, kilnId));
        const facility = kiln && s.facilities.find((f) => f.id === kiln.facility_id);
        return kiln && facility ? copy({ kiln, facility }) : null;
      }),
    create: (fields) =>
      a.write((s, m) => {
        if (taken(s, fields.kiln_id)) throw conflict(`The kiln id ${fields.kiln_id} is taken.`);
        return insertNew(m, 'kilns', fields);
      }),
    update: (id, patch) =>
      a.write((s, m) =>
        patchById(s, m, 'kilns', id, patch, () => {
          if (patch.kiln_id !== undefined && taken(s, patch.kiln_id, id)) throw conflict(`The kiln id ${patch.kiln_id} is taken.`);
        }),
      ),
    approve: (id, approval) =>
      a.write((s, m) => {
        const row = s.kilns.find((k) => k.id === id);
        if (!row) return null;
        if (row.approved_ts !== null) return { kiln: copy(row), approved: false };
        m.patch(row, { ...approval });
        for (const log of s.kilnlogs) {
          if (log.kiln === id && log.facility_id === row.facility_id && log.kiln_pending) m.patch(log, { kiln_pending: false });
        }
        return { kiln: copy(row), approved: true };
      }),
    keys: (kilnId) => a.read((s) => copy(s.kiln_keys.filter((k) => k.kiln_id === kilnId).sort((x, y) => x.id - y.id))),
    keyByFingerprint: (fingerprint) => a.read((s) => copy(s.kiln_keys.find((k) => k.fingerprint === fingerprint) ?? null)),
    addKey: (key) =>
      a.write((s, m) => {
        if (s.kiln_keys.some((k) => k.fingerprint === key.fingerprint)) throw keyTaken();
        return insertNew(m, 'kiln_keys', { ...key, revoked_ts: null });
      }),
    revokeKey: (kilnId, keyId, ts) =>
      a.write((s, m) => {
        const row = s.kiln_keys.find((k) => k.id === keyId && k.kiln_id === kilnId);
        if (!row) return null;
        if (row.revoked_ts !== null) return { key: copy(row), revoked: false };
        m.patch(row, { revoked_ts: ts });
        return { key: copy(row), revoked: true };
      }),
    approveKey: (kilnId, keyId, approval) =>
      a.write((s, m) => {
        const row = s.kiln_keys.find((k) => k.id === keyId && k.kiln_id === kilnId);
        if (!row) return null;
        if (row.approved_ts !== null || row.revoked_ts !== null) return { key: copy(row), approved: false };
        m.patch(row, { ...approval });
        return { key: copy(row), approved: true };
      }),
  };
}
