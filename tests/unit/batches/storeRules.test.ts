import { describe, expect, it } from 'vitest';
import { sampledBatch, treatmentTemperatureOf } from '../../../mock-server/store/batchRules';
import type { BatchRecord, LabResultRecord } from '../../../mock-server/store/model';

describe('treatmentTemperatureOf', () => {
  it('reads the highest treatment temperature an analysis result records, none when absent or unreadable', () => {
    expect(treatmentTemperatureOf(JSON.stringify({ valid: 'true', highest_treatment_temp_c: 612.5 }))).toBe(612.5);
    expect(treatmentTemperatureOf(JSON.stringify({ valid: 'true' }))).toBeNull();
    expect(treatmentTemperatureOf(JSON.stringify({ highest_treatment_temp_c: '612' }))).toBeNull();
    expect(treatmentTemperatureOf('{not json')).toBeNull();
    expect(treatmentTemperatureOf(null)).toBeNull();
  });
});

describe('sampledBatch', () => {
  const batch = { wet_biochar_g: 100_000 } as Pick<BatchRecord, 'wet_biochar_g'> as BatchRecord;
  const result = (id: number, moisture_pct: number | null, supersedes: number | null = null) =>
    ({ id, moisture_pct, supersedes }) as Pick<LabResultRecord, 'id' | 'moisture_pct' | 'supersedes'> as LabResultRecord;

  it('takes the dry biochar from the newest result nothing supersedes that gives a moisture', () => {
    expect(sampledBatch(batch, [result(1, 20)])).toEqual({ state: 'sampled', dry_biochar_g: 80_000 });
    expect(sampledBatch(batch, [result(1, 20), result(2, 30, 1)])).toEqual({ state: 'sampled', dry_biochar_g: 70_000 });
    // a second sample without moisture leaves the first one's in force
    expect(sampledBatch(batch, [result(1, 20), result(2, null)])).toEqual({ state: 'sampled', dry_biochar_g: 80_000 });
    // a correction that removes the moisture leaves none
    expect(sampledBatch(batch, [result(1, 20), result(2, null, 1)])).toEqual({ state: 'sampled', dry_biochar_g: null });
  });
});
