import { DEFAULT_FACILITY_SETTINGS } from '../../../src/domain/facilitySettings';
import { conflict } from '../errors';
import type { FacilityStore } from '../parts/facilities';
import { byText, copy, insertNew, patchById, type Access } from './access';

export function embeddedFacilities(a: Access): FacilityStore {
  return {
    list: (filter = {}) =>
      a.read((s) =>
        s.facilities
          .filter((f) => filter.ownerId === undefined || f.owner_id === filter.ownerId)
          .sort((x, y) => byText(x.mnemonic, y.mnemonic))
          .map((f) => ({
            ...copy(f),
            photo_uploaded_ts: s.facility_photos.find((p) => p.facility_id === f.id)?.photo.uploaded_ts ?? null,
          })),
      ),
    get: (id) => a.read((s) => copy(s.facilities.find((f) => f.id === id) ?? null)),
    // transactions run one at a time here: a read inside one is as good as a lock
    lock: (id) => a.read((s) => copy(s.facilities.find((f) => f.id === id) ?? null)),
    idsOwnedBy: (userId) => a.read((s) => s.facilities.filter((f) => f.owner_id === userId).map((f) => f.id)),
    mnemonics: () => a.read((s) => s.facilities.map((f) => f.mnemonic).sort(byText)),
    create: (fields) =>
      a.write((s, m) => {
        if (s.facilities.some((f) => f.mnemonic === fields.mnemonic)) throw conflict(`The mnemonic ${fields.mnemonic} is taken.`);
        return insertNew(m, 'facilities', { signed_burns_only: false, ...DEFAULT_FACILITY_SETTINGS, ...fields });
      }),
    update: (id, patch) =>
      a.write((s, m) =>
        patchById(s, m, 'facilities', id, patch, () => {
          if (patch.mnemonic !== undefined && s.facilities.some((f) => f.id !== id && f.mnemonic === patch.mnemonic)) {
            throw conflict(`The mnemonic ${patch.mnemonic} is taken.`);
          }
        }),
      ),
    photo: (facilityId) => a.read((s) => copy(s.facility_photos.find((p) => p.facility_id === facilityId) ?? null)),
    replacePhoto: (photo) =>
      a.write((_s, m) => {
        const [replaced = null] = m.remove('facility_photos', (p) => p.facility_id === photo.facility_id);
        return { photo: insertNew(m, 'facility_photos', photo), replaced };
      }),
    addStatement: (statement, ts) =>
      a.write((s, m) => {
        const facility = s.facilities.find((f) => f.id === statement.facility_id);
        if (!facility) throw conflict('No such facility.');
        const row = insertNew(m, 'facility_audits', statement);
        m.patch(facility, { latest_facility_audit_id: row.id, last_updated: ts });
        return row;
      }),
    statement: (facilityId, id) =>
      a.read((s) => {
        const wanted = id ?? s.facilities.find((f) => f.id === facilityId)?.latest_facility_audit_id ?? null;
        return copy(s.facility_audits.find((st) => st.id === wanted && st.facility_id === facilityId) ?? null);
      }),
    recordChange: (change) => a.write((_s, m) => insertNew(m, 'facility_changes', change)),
    changesOf: (facilityId, actions) =>
      a.read((s) =>
        copy(
          s.facility_changes
            .filter((c) => c.facility_id === facilityId && (!actions || actions.includes(c.action)))
            .sort((x, y) => byText(y.ts, x.ts) || y.id - x.id),
        ),
      ),
  };
}
