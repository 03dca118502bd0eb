import { isCurveCandidate, kilnHistory } from '../../../src/domain/fleet/anomalies';
import type { ListedAnomaly as Anomaly } from '../model';
import { conflict } from '../errors';
import { queryAnomalies } from '../anomalyQuery';
import { ARCHIVED_NOTE, type FleetStore } from '../parts/fleet';
import { copyKeyFiling, raisedAnomaly, type AnomalyRecord } from '../model';
import { copy, type Access } from './access';
import type { EmbeddedShape } from './state';

const sameAnomaly = (a: { code: string; other_log_id: number | null }, b: { code: string; other_log_id: number | null }) =>
  a.code === b.code && a.other_log_id === b.other_log_id;
/** the copy check's own anomaly, which the rules' judgement leaves alone */
const COPY_CODE = 'COPIED_BURN';

function withFacilityName(s: EmbeddedShape, rows: readonly AnomalyRecord[]): Anomaly[] {
  const names = new Map(s.facilities.map((f) => [f.id, f.name]));
  return rows.map((r) => ({ ...copy(r), facility_name: names.get(r.facility_id) ?? '' }));
}

/** The fleet's records and anomalies in db.json (fleet_burns, anomalies). */
export function embeddedFleet(a: Access): FleetStore {
  return {
    judge: (burn, raised, raisedTs) =>
      a.write((s, m) => {
        m.remove('fleet_burns', (r) => r.log_id === burn.log_id);
        m.insert('fleet_burns', copy(burn));
        m.remove('copy_key_buckets', (r) => r.log_id === burn.log_id);
        for (const filed of copyKeyFiling(burn)) m.insert('copy_key_buckets', filed);
        const before = s.anomalies.filter((r) => r.log_id === burn.log_id);
        m.remove('anomalies', (r) => r.log_id === burn.log_id && r.code !== COPY_CODE && !raised.some((d) => sameAnomaly(d, r)));
        for (const found of raised) {
          const kept = before.find((r) => sameAnomaly(r, found));
          if (kept) {
            m.patch(kept, { message: found.message, logts: burn.logts });
            continue;
          }
          m.insert('anomalies', { id: m.nextId('anomalies'), ...raisedAnomaly(burn, found, raisedTs) });
        }
      }),
    judgeFirst: (burn, raised, raisedTs) =>
      a.write((s, m) => {
        if (s.fleet_burns.some((r) => r.log_id === burn.log_id)) return;
        m.insert('fleet_burns', copy(burn));
        for (const filed of copyKeyFiling(burn)) m.insert('copy_key_buckets', filed);
        for (const found of raised) m.insert('anomalies', { id: m.nextId('anomalies'), ...raisedAnomaly(burn, found, raisedTs) });
      }),
    forget: (logId) =>
      a.write((_s, m) => {
        m.remove('fleet_burns', (r) => r.log_id === logId);
        m.remove('copy_key_buckets', (r) => r.log_id === logId);
        m.remove('anomalies', (r) => r.log_id === logId);
      }),
    copyKeysFiledUnder: (buckets, beforeLogId) =>
      a.read((s) => {
        const wanted = new Set(buckets);
        const ids = new Set(s.copy_key_buckets.filter((r) => r.log_id < beforeLogId && wanted.has(r.bucket)).map((r) => r.log_id));
        return s.fleet_burns
          .filter((r) => ids.has(r.log_id) && r.fingerprint.copy_key)
          .sort((x, y) => x.log_id - y.log_id)
          .map((r) => ({ log_id: r.log_id, copy_key: copy(r.fingerprint.copy_key!) }));
      }),
    copied: (burn, found, raisedTs) =>
      a.write((s, m) => {
        if (!s.fleet_burns.some((r) => r.log_id === burn.log_id)) return;
        const mine = (r: AnomalyRecord) => r.log_id === burn.log_id && r.code === COPY_CODE;
        m.remove('anomalies', (r) => mine(r) && (found === null || r.other_log_id !== found.other_log_id));
        if (!found || s.anomalies.some(mine)) return;
        m.insert('anomalies', { id: m.nextId('anomalies'), ...raisedAnomaly(burn, found, raisedTs) });
      }),
    kilnHistory: (burn) => a.read((s) => copy(kilnHistory(burn, s.fleet_burns))),
    curveCandidateIds: (q) =>
      a.read((s) =>
        s.fleet_burns
          .filter((r) => isCurveCandidate(r, q))
          .map((r) => r.log_id)
          .sort((x, y) => x - y),
      ),
    records: (logIds) =>
      a.read((s) => {
        const wanted = new Set(logIds);
        return copy(s.fleet_burns.filter((r) => wanted.has(r.log_id)).sort((x, y) => x.log_id - y.log_id));
      }),
    unjudged: (version) =>
      a.read((s) => {
        const judged = new Map(s.fleet_burns.map((r) => [r.log_id, r.version]));
        return s.kilnlogs
          .filter((r) => r.analysis !== null && r.kiln !== null && r.facility_id !== null && judged.get(r.id) !== version)
          .sort((x, y) => ((x.logts ?? '') < (y.logts ?? '') ? -1 : (x.logts ?? '') > (y.logts ?? '') ? 1 : x.id - y.id))
          .map((r) => r.id);
      }),
    burns: ({ facilityIds, facilityId }) =>
      a.read((s) => {
        const live = new Set(s.kilnlogs.filter((r) => r.archived_ts === null).map((r) => r.id));
        const open = new Map<number, number>();
        for (const an of s.anomalies) if (an.checked_ts === null) open.set(an.log_id, (open.get(an.log_id) ?? 0) + 1);
        return s.fleet_burns
          .filter(
            (r) =>
              live.has(r.log_id) &&
              (facilityIds === null || facilityIds.has(r.facility_id)) &&
              (facilityId === undefined || r.facility_id === facilityId),
          )
          .sort((x, y) => x.start_ts - y.start_ts || x.log_id - y.log_id)
          .map(({ fingerprint: _f, version: _v, ...row }) => ({ ...copy(row), open_anomalies: open.get(row.log_id) ?? 0 }));
      }),
    anomalies: (query, page) => a.read((s) => queryAnomalies(withFacilityName(s, s.anomalies), query, page)),
    anomaly: (id) =>
      a.read((s) => {
        const row = s.anomalies.find((r) => r.id === id);
        return row ? withFacilityName(s, [row])[0] : null;
      }),
    archived: (logId, archivedTs) =>
      a.write((s, m) => {
        for (const row of s.anomalies.filter((r) => r.log_id === logId)) {
          if (archivedTs !== null && row.checked_ts === null)
            m.patch(row, { checked_ts: archivedTs, checked_by: null, checked_by_name: null, check_note: ARCHIVED_NOTE });
          else if (archivedTs === null && row.checked_by === null && row.check_note === ARCHIVED_NOTE)
            m.patch(row, { checked_ts: null, checked_by_name: null, check_note: null });
        }
      }),
    check: (id, check) =>
      a.write((s, m) => {
        const row = s.anomalies.find((r) => r.id === id);
        if (!row) return null;
        if (row.checked_ts !== null) throw conflict(`Anomaly ${id} was checked already, by ${row.checked_by_name ?? 'someone'}.`);
        m.patch(row, { ...check });
        return withFacilityName(s, [row])[0];
      }),
  };
}
