import { describe, expect, it } from 'vitest';
import { loadRulebooks } from '../../../mock-server/methodologies/rulebooks';
import {
  changedSettings,
  DEFAULT_FACILITY_SETTINGS,
  facilitySettingsOf,
  VM0044_HIGH_TECH_CONDITIONS,
} from '../../../src/domain/facilitySettings';

describe("a facility's batch and methodology settings", () => {
  it("name the VM0044 rulebooks' high-tech conditions, every one", () => {
    const books = loadRulebooks().filter((b) => b.tables.some((t) => t.key === 'high_tech_conditions'));
    expect(books.length).toBeGreaterThan(0);
    for (const book of books) {
      const rows = book.tables.find((t) => t.key === 'high_tech_conditions')!.rows;
      expect(rows.map((r) => r.condition).sort(), book.id).toEqual([...VM0044_HIGH_TECH_CONDITIONS].sort());
    }
  });

  it('read a record without them as the defaults, and name only what changed', () => {
    expect(facilitySettingsOf({})).toEqual(DEFAULT_FACILITY_SETTINGS);
    const set = { ...DEFAULT_FACILITY_SETTINGS, batch_period_days: 14 };
    expect(changedSettings(DEFAULT_FACILITY_SETTINGS, set)).toEqual({ batch_period_days: { from: 31, to: 14 } });
    expect(changedSettings(set, set)).toEqual({});
    expect(Object.keys(changedSettings(null, set))).toEqual(['batch_period_days', 'vm0044_high_tech_conditions', 'temperature_monitored']);
  });
});
