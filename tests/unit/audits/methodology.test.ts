import { describe, expect, it } from 'vitest';
import { methodologyProblems, SPEC_FACTOR, type BatchUnderMethodology } from '../../../src/domain/audits/methodology';

const batch = (o: Partial<BatchUnderMethodology> = {}): BatchUnderMethodology => ({
  id: 3,
  label: 'March wood',
  analysis_ids: [1, 2],
  eligible: true,
  net_co2e_g: 120_000,
  missing: [],
  failed_gates: [],
  ...o,
});

describe('methodologyProblems: which burns a methodology other than spec-factor credits', () => {
  it('asks nothing of spec-factor', () => {
    expect(methodologyProblems(SPEC_FACTOR, [1, 9], [])).toEqual([]);
  });

  it('takes whole eligible batches with a figure', () => {
    expect(methodologyProblems('vm0044-1.2', [1, 2], [batch()])).toEqual([]);
  });

  it('names burns in no batch, burns of a batch left out, what a batch lacks and the gates it fails', () => {
    expect(methodologyProblems('vm0044-1.2', [1, 9], [batch()])).toEqual([
      'burn 9 is in no batch',
      'batch March wood (3) also holds burn 2, not selected',
    ]);
    expect(methodologyProblems('puro-2025', [1, 2], [batch({ eligible: false, net_co2e_g: null, missing: ['C_org', 'H/C_org'] })])).toEqual(
      ['batch March wood (3) lacks C_org, H/C_org'],
    );
    expect(methodologyProblems('csi-global-3.3', [1, 2], [batch({ eligible: false, failed_gates: ['H/C_org'] })])).toEqual([
      'batch March wood (3) fails H/C_org',
    ]);
    expect(methodologyProblems('vm0044-1.2', [1, 2], [batch({ eligible: false, net_co2e_g: 0 })])).toEqual([
      'batch March wood (3) is not eligible',
    ]);
  });
});
