import { sumKg } from '../../../src/domain/carbon';
import type { StatisticsStore } from '../parts/statistics';
import type { StatisticsSnapshot } from '../model';
import { copy, type Access } from './access';

export function embeddedStatistics(a: Access): StatisticsStore {
  return {
    latest: () => a.read((s) => copy(s.statistics.at(-1) ?? null)),
    recompute: (now) =>
      a.write((s, m) => {
        const signed = s.audits.filter((x) => x.signoff_ts !== null);
        const fileBytes = [
          ...s.facility_photos.flatMap((p) => [p.photo.size, p.thumb.size]),
          ...s.facility_audits.map((st) => st.file.size),
        ];
        const live = s.kilnlogs.filter((r) => r.archived_ts === null);
        const errors = live.filter((r) => r.error_message !== null);
        const snapshot: StatisticsSnapshot = {
          computed_ts: now.toISOString(),
          users: s.users.length,
          facilities: s.facilities.length,
          kilns: s.kilns.length,
          kilnlogs: live.length,
          valid_kilnlogs: live.filter((r) => r.error_message === null && r.valid).length,
          invalid_kilnlogs: live.filter((r) => r.error_message === null && !r.valid).length,
          error_kilnlogs: errors.length,
          archived_kilnlogs: s.kilnlogs.length - live.length,
          audits_proposed: s.audits.length - signed.length,
          audits_signed_off: signed.length,
          eco_assets: s.eco_assets.length,
          storage_bytes: s.kilnlogs.reduce((n, r) => n + r.file_size, 0) + fileBytes.reduce((n, b) => n + b, 0),
          audited_co2: sumKg(s.audit_burns.map((b) => b.co2_removed)),
          utilised_co2: sumKg(s.eco_allocations.map((al) => al.co2_allocated)),
          audited_biochar: sumKg(s.audit_burns.map((b) => b.biochar_produced)),
        };
        m.remove('statistics', () => true);
        m.insert('statistics', snapshot);
        return copy(snapshot);
      }),
  };
}
