import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadRulebooks, readRulebook, RulebookFileError } from '../../../mock-server/methodologies/rulebooks';
import { toGrams, toKg } from '../../../src/domain/carbon';
import { currentLabResult, type CreditEvidence, type CreditResult } from '../../../src/domain/methodologies/credits';
import { fromDecimal, toFixed } from '../../../src/domain/methodologies/exact';
import { creditsOf } from '../../../src/domain/methodologies/families';
import type { Rulebook } from '../../../src/domain/methodologies/rulebook';
import type { LabResultRecord } from '../../../src/domain/batches/types';

/**
 * Each methodology's computation against figures worked by hand from the
 * formulas as the rulebooks hold them (docs/methodologies.md): the
 * persistence of each table at several H/C_org and temperatures, each gate on
 * both sides of its threshold, the defaults, and no figure where an input is
 * missing.
 */

const books = loadRulebooks();
const book = (id: string): Rulebook => books.find((b) => b.id === id)!;

const HIGH_TECH = { gases_recovered_or_combusted: true, heat_used: true, pollution_control: true, temperature_measured: true };

function lab(values: Partial<LabResultRecord & { lab_accreditation: string }> = {}): CreditEvidence['lab'] {
  return {
    id: 1,
    batch_id: 1,
    lab_id: 1,
    sample_id: 'S1',
    sampled_date: '2026-02-01',
    reported_date: '2026-02-10',
    methods: ['ISO 16948'],
    c_tot_pct: null,
    c_inorg_pct: null,
    c_org_pct: 75,
    h_c_org: 0.45,
    o_c_org: 0.1,
    moisture_pct: 20,
    ash_pct: null,
    volatile_matter_pct: null,
    ro_pct: null,
    contaminants_pass: true,
    certificate_sha256: 'a'.repeat(64),
    certificate_key: 'lab/x.pdf',
    lab_signed: true,
    supersedes: null,
    recorded_by: null,
    recorded_ts: '2026-02-10T00:00:00.000Z',
    lab_accreditation: 'ISO/IEC 17025, NATA 99001',
    ...values,
  };
}

interface Options {
  lab?: CreditEvidence['lab'];
  soil?: number[];
  dry?: number;
  methane?: number | null;
  other?: number | null;
  temp?: number | null;
  highTech?: boolean;
  monitored?: boolean;
  first?: string;
  last?: string;
  useDate?: string;
  feedstock?: CreditEvidence['batch']['feedstock'];
}

/** A batch of `dry` g dry char (1.25 × as wet), applied in equal parts at soil temperatures `soil`. */
function evidence(o: Options = {}): CreditEvidence {
  const soil = o.soil ?? [20];
  const dry = o.dry ?? 1_000_000;
  return {
    batch: {
      id: 1,
      wet_biochar_g: dry * 1.25,
      dry_biochar_g: dry,
      production_temp_c: o.temp === undefined ? 650 : o.temp,
      first_logts: o.first ?? '2026-01-02T08:00:00',
      last_logts: o.last ?? '2026-01-20T17:00:00',
      feedstock: o.feedstock ?? 'wood',
      emissions:
        o.methane === null && o.other === null
          ? null
          : {
              methane_g_per_kg: o.methane === undefined ? 0 : o.methane,
              methane_method: 'stack',
              methane_evidence_sha256: null,
              other_co2e_g: o.other ?? null,
              other_note: o.other == null ? null : 'diesel',
              other_evidence_sha256: null,
            },
    },
    lab: o.lab === undefined ? lab() : o.lab,
    end_uses: soil.map((t, i) => ({
      id: i + 1,
      kind: 'soil_application',
      dry_g: dry / soil.length,
      date: o.useDate ?? '2026-03-01',
      soil_temp_c: t,
    })),
    facility: {
      carbon_removal_factor: 2.44,
      vm0044_high_tech_conditions: o.highTech === false ? {} : HIGH_TECH,
      temperature_monitored: o.monitored ?? true,
    },
  };
}

const run = (id: string, o: Options = {}) => creditsOf(book(id), evidence(o));
const step = (r: CreditResult, id: string) => r.steps.find((s) => s.id === id)?.value;
const gate = (r: CreditResult, id: string) => r.gates.find((g) => g.id === id)!;

describe('spec-factor: biochar × the facility’s carbon removal factor', () => {
  it.each([
    [1_234_567, 2.44],
    [1, 2.44],
    [999_999, 2.4475],
    [3, 0.1667],
    [405_015, 2.44],
  ])('%i g × %d is today’s figure to the gram (src/domain/carbon.ts)', (wet, factor) => {
    const e = evidence();
    e.batch.wet_biochar_g = wet;
    e.facility.carbon_removal_factor = factor;
    const r = creditsOf(book('spec-factor'), e);
    expect(r.net_co2e_g).toBe(toGrams(toKg(wet) * factor));
    expect(r).toMatchObject({ eligible: true, missing: [], pending_end_use_g: 0 });
  });
});

describe('Puro 2025: PF = M − a × H/C_org by soil temperature (Table 6.1), T_soil = max(7, ceil(T))', () => {
  it.each([
    [20, 0.45, '0.739895'],
    [17.6, 0.45, '0.758055'], // 18 °C
    [21, 0.3, '0.780850'], // 22 °C: 89.29 − 37.35 × 0.3
    [5, 0.45, '0.915140'], // below 7 °C: the 7 °C row
    [40, 0.6, '0.572400'],
  ])('at %d °C and H/C_org %d: %s', (t, hc, pf) => {
    expect(step(run('puro-2025', { soil: [t], lab: lab({ h_c_org: hc }) }), 'persistence/1')).toBe(pf);
  });

  it('refuses a soil above 40 °C, the rulebook’s rule: no figure, the reason named', () => {
    const r = run('puro-2025', { soil: [41] });
    expect(r.net_co2e_g).toBeNull();
    expect(r.missing.join()).toMatch(/soil_temp_c of at most 40/);
  });

  it('takes persistence per end use and sums it: 500 kg at 10 °C and 500 kg at 25 °C', () => {
    const r = run('puro-2025', { soil: [10, 25], lab: lab({ h_c_org: 0.45 }) });
    // 500000 × 0.75 × 44/12 × [(94.73 − 17.92 × 0.45) + (88.57 − 39.87 × 0.45)] / 100 ; discount missing
    expect([step(r, 'c_stored_less_loss/1'), step(r, 'c_stored_less_loss/2')]).toEqual(['1191657.500', '971141.875']);
    expect(r.missing).toEqual(['rulebook uncertainty_discount_pct (U: no confirmed value)']);
    expect(r.net_co2e_g).toBeNull();
  });

  it('gates H/C_org below 0.70', () => {
    expect(gate(run('puro-2025', { lab: lab({ h_c_org: 0.69 }) }), 'h_c_org').pass).toBe(true);
    expect(gate(run('puro-2025', { lab: lab({ h_c_org: 0.7 }) }), 'h_c_org').pass).toBe(false);
    expect(gate(run('puro-2025'), 'combustion_uptime')).toMatchObject({ recorded: false, pass: null });
  });
});

describe('Isometric 1.3: F = min(0.95, 1 − [c + (a + b ln T) × H/C_org]), floor 7 °C', () => {
  const f = (t: number, hc: number) => Math.min(0.95, 1 - (-0.048 + (-0.383 + 0.35 * Math.log(Math.max(7, t))) * hc)).toFixed(6);
  it.each([
    [20, 0.45],
    [10.9, 0.3],
    [23.8, 0.46],
    [5, 0.45],
    [7, 0.1], // above the cap: 0.95
  ])('at %d °C and H/C_org %d', (t, hc) => {
    expect(step(run('isometric-1.3', { soil: [t], lab: lab({ h_c_org: hc }) }), 'persistence/1')).toBe(f(t, hc));
  });

  it('gates H/C_org below 0.5, O/C_org below 0.2, the batch within a month, an ISO 17025 lab', () => {
    const at = (o: Options) => run('isometric-1.3', o);
    expect([gate(at({ lab: lab({ h_c_org: 0.49 }) }), 'h_c_org').pass, gate(at({ lab: lab({ h_c_org: 0.5 }) }), 'h_c_org').pass]).toEqual([
      true,
      false,
    ]);
    expect([gate(at({ lab: lab({ o_c_org: 0.19 }) }), 'o_c_org').pass, gate(at({ lab: lab({ o_c_org: 0.2 }) }), 'o_c_org').pass]).toEqual([
      true,
      false,
    ]);
    const period = (last: string) => gate(at({ first: '2026-01-15T06:00:00', last }), 'batch_period').pass;
    expect([period('2026-02-15T20:00:00'), period('2026-02-16T01:00:00')]).toEqual([true, false]);
    const accredited = (text: string) => gate(at({ lab: lab({ lab_accreditation: text }) }), 'lab_accreditation').pass;
    expect([accredited('ISO/IEC 17025:2017'), accredited('national licence 12')]).toEqual([true, false]);
  });

  it('needs a GWP no source settles once methane was emitted', () => {
    expect(run('isometric-1.3', { methane: 3 }).missing).toContain('rulebook gwp_ch4 (U: no confirmed value)');
  });
});

describe('Rainbow 1.0: F_perm = c − m × H/C_org by soil-temperature band, clamped to [0, 1]', () => {
  it.each([
    [15, 0.45, '0.752000'],
    [7.5, 0.45, '0.834500'],
    [7.4, 0.45, '0.923000'],
    [22.5, 0.45, '0.683000'],
    [5, 0.1, '1.000000'], // 1.084 clamped
  ])('at %d °C and H/C_org %d: %s', (t, hc, fp) => {
    expect(step(run('rainbow-1.0', { soil: [t], lab: lab({ h_c_org: hc }) }), 'persistence/1')).toBe(fp);
  });

  it('gates production at 350 °C or more; its H/C_org gate has no confirmed threshold', () => {
    expect([
      gate(run('rainbow-1.0', { temp: 350 }), 'production_temperature').pass,
      gate(run('rainbow-1.0', { temp: 349 }), 'production_temperature').pass,
    ]).toEqual([true, false]);
    expect(gate(run('rainbow-1.0'), 'h_c_org')).toMatchObject({ threshold: null, pass: null, recorded: true });
    expect(run('rainbow-1.0').eligible).toBe(false);
  });
});

describe('CSI Global 3.3: GPC and SPC by H/C_org, margin of safety 20 kg/t', () => {
  it('splits at H/C_org 0.40: GPC 75 % at 0.40, 0 % above; 90 % with Ro ≥ 3.8 %', () => {
    expect(step(run('csi-global-3.3', { lab: lab({ h_c_org: 0.4 }) }), 'persistence_class')).toBe('GPC 75 %, SPC 25 %');
    expect(step(run('csi-global-3.3', { lab: lab({ h_c_org: 0.41 }) }), 'persistence_class')).toBe('GPC 0 %, SPC 100 %');
    expect(step(run('csi-global-3.3', { lab: lab({ h_c_org: 0.4, ro_pct: 3.8 }) }), 'persistence_class')).toBe('GPC 90 %, SPC 10 %');
    expect(step(run('csi-global-3.3', { lab: lab({ h_c_org: 0.41, ro_pct: 4 }) }), 'persistence_class')).toBe('GPC 0 %, SPC 100 %');
    expect([
      gate(run('csi-global-3.3', { lab: lab({ h_c_org: 0.4 }) }), 'h_c_org').pass,
      gate(run('csi-global-3.3', { lab: lab({ h_c_org: 0.41 }) }), 'h_c_org').pass,
    ]).toEqual([true, false]);
  });

  it('keeps 0.5247 of the SPC over 100 years, CSI v3.3 Table 2’s 293.3 → 153.9', () => {
    const factor = step(run('csi-global-3.3'), 'spc_cink_factor')!;
    expect(toFixed(fromDecimal(Number(factor)), 4)).toBe('0.5247');
    expect(toFixed(fromDecimal(293.3 * Number(factor)), 1)).toBe('153.9');
  });

  it('credits the GPC less the margin of safety: 1 t dry at C_org 75 %, H/C_org 0.35', () => {
    const r = run('csi-global-3.3', { lab: lab({ h_c_org: 0.35 }) });
    // 1e6 × 0.75 × 44/12 × 0.75 − 20 g/kg × 1000 kg
    expect(r.net_co2e_g).toBe(2_062_500 - 20_000);
  });

  it('offsets measured methane with the SPC’s temporary sink first', () => {
    const r = run('csi-global-3.3', { lab: lab({ h_c_org: 0.35 }), methane: 1 });
    // 1 g CH4/kg × 1000 kg × 27 = 27000 g, within the SPC sink (687500 × 0.5247…)
    expect(step(r, 'methane_not_offset')).toBe('0.000');
    expect(r.net_co2e_g).toBe(2_042_500);
  });
});

describe('CSI Artisan 2.1', () => {
  it('gives no figure while its margin, PAC formula and methane compensation are unsettled', () => {
    const r = run('csi-artisan-2.1', { lab: lab({ h_c_org: 0.3 }) });
    expect(r.net_co2e_g).toBeNull();
    expect(r.missing).toEqual(
      expect.arrayContaining(['rulebook margin_of_safety (C: no confirmed value)', 'rulebook pac_formula (U: no confirmed value)']),
    );
    expect([gate(r, 'h_c_org').pass, gate(run('csi-artisan-2.1', { lab: lab({ h_c_org: 0.4 }) }), 'h_c_org').pass]).toEqual([true, false]);
  });
});

describe('VM0044 1.2: CC = M × FC × PR_de (Table 3), low-tech PE_P = Fe × GWP × M', () => {
  it('credits a high-tech char above 600 °C exactly the flat 2.4475 t per dry t', () => {
    expect(run('vm0044-1.2', { temp: 650 }).net_co2e_g).toBe(2_447_500);
  });

  it.each([
    [601, '0.890000'],
    [600, '0.800000'],
    [451, '0.800000'],
    [450, '0.650000'],
    [351, '0.650000'],
  ])('takes PR_de at %d °C as %s', (temp, pr) => {
    expect(step(run('vm0044-1.2', { temp }), 'persistence')).toBe(pr);
  });

  it('refuses a production temperature at or below 350 °C (no class in Table 3)', () => {
    const r = run('vm0044-1.2', { temp: 350 });
    expect(r.net_co2e_g).toBeNull();
    expect(r.missing.join()).toMatch(/production_temp_c within persistence_table_3/);
  });

  it('books the low-tech methane default and 0.56 for an unmonitored kiln, with Table 4’s wood default without a lab', () => {
    const r = run('vm0044-1.2', { highTech: false, monitored: false, lab: null });
    expect(step(r, 'production_methane')).toBe('1372000.000'); // 0.049 × 28 × 1e6 g
    expect(step(r, 'persistence')).toBe('0.560000');
    expect(step(r, 'c_org')).toBe('0.770000');
    // 1e6 × 0.77 × 0.56 × 44/12 − 1372000 = 209066.67
    expect(r.net_co2e_g).toBe(209_067);
    // no lab: its H:C_org gate is undecided, so the batch is not eligible
    expect(r.eligible).toBe(false);
    expect(r.missing).toContain('H/C_org');
  });

  it('gates H:C_org at most 0.70 and use within 365 days of production', () => {
    expect([
      gate(run('vm0044-1.2', { lab: lab({ h_c_org: 0.7 }) }), 'h_c_org').pass,
      gate(run('vm0044-1.2', { lab: lab({ h_c_org: 0.71 }) }), 'h_c_org').pass,
    ]).toEqual([true, false]);
    const days = (useDate: string) => gate(run('vm0044-1.2', { last: '2026-01-20T17:00:00', useDate }), 'use_within_a_year');
    expect([days('2027-01-20').pass, days('2027-01-21').pass]).toEqual([true, false]);
    expect(days('2027-01-21').value).toBe(366);
  });
});

describe('every lab-based methodology', () => {
  it.each(['puro-2025', 'isometric-1.3', 'rainbow-1.0', 'csi-global-3.3', 'csi-artisan-2.1'])(
    '%s without a lab result needs C_org and H/C_org and gives no figure',
    (id) => {
      const r = run(id, { lab: null });
      expect(r.net_co2e_g).toBeNull();
      expect(r.missing).toEqual(expect.arrayContaining(['C_org', 'H/C_org']));
      expect(r.eligible).toBe(false);
    },
  );

  it('credits only the char at an end use and says how much waits', () => {
    const e = evidence({ lab: lab({ h_c_org: 0.35 }) });
    e.end_uses = [{ ...e.end_uses[0], dry_g: 600_000 }];
    const r = creditsOf(book('csi-global-3.3'), e);
    expect(r.pending_end_use_g).toBe(400_000);
    expect(r.net_co2e_g).toBe((2_062_500 - 20_000) * 0.6);
  });

  it('needs production methane measured, never taking none for 0', () => {
    expect(run('puro-2025', { methane: null, other: null }).missing).toContain('methane_g_per_kg (production methane measured)');
  });

  it('takes the lab result no other supersedes', () => {
    expect(
      currentLabResult([
        { id: 1, supersedes: null },
        { id: 3, supersedes: 1 },
        { id: 2, supersedes: null },
      ])?.id,
    ).toBe(3);
    expect(currentLabResult([])).toBeNull();
  });
});

describe('a rulebook the computation cannot read is refused at start, naming the file and the field', () => {
  const puro = books.find((b) => b.id === 'puro-2025')!;
  const yaml = (edit: (b: Record<string, unknown>) => void) => {
    const { sha256: _sha, ...rest } = puro;
    const copy = parse(stringify(rest)) as Record<string, unknown>;
    edit(copy);
    return Buffer.from(stringify(copy));
  };
  const refusal = (bytes: Buffer) => {
    try {
      readRulebook('puro-2025.v1.yaml', bytes);
    } catch (err) {
      return err instanceof RulebookFileError ? err.message : String(err);
    }
    return 'accepted';
  };

  it('a table without its out-of-range rule', () => {
    const message = refusal(yaml((b) => delete (b.tables as Record<string, unknown>[])[0].out_of_range));
    expect(message).toMatch(/^Rulebook puro-2025\.v1\.yaml: tables\/0\/out_of_range is missing/);
  });

  it('an out-of-range rule not among floor, cap, refuse, open', () => {
    const message = refusal(yaml((b) => ((b.tables as Record<string, unknown>[])[0].out_of_range = { below: 'cap', above: 'refuse' })));
    expect(message).toMatch(/tables\/0\/out_of_range\/below must be one of floor, refuse, open/);
  });

  it('a constant the computation reads, left out', () => {
    const message = refusal(yaml((b) => (b.constants = (b.constants as { key: string }[]).filter((c) => c.key !== 'molar_mass_co2'))));
    expect(message).toMatch(/constants is missing molar_mass_co2/);
  });

  it('an id no computation is for', () => {
    const bytes = yaml((b) => (b.id = 'unknown-1'));
    expect(() => readRulebook('unknown-1.v1.yaml', bytes)).toThrow(/id names no methodology the console computes/);
  });
});
