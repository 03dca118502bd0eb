/**
 * Each methodology's formulas (docs/methodologies.md), read against the
 * constants and tables of its rulebook: a family computes every rulebook
 * whose id it matches, so a new version is a new file, not new code. Pure.
 */
import type { MethodologyTable } from '../api/methodologies';
import {
  Computation,
  cOrg,
  computeCredits,
  hcOrg,
  type CreditEvidence,
  type CreditResult,
  type MethodologyFamily,
  familyProblems,
} from './credits';
import { add, clamp, cmp, div, exp, fromDecimal, ln, max, min, mul, ONE, q, sub, sum, ZERO, type Q } from './exact';
import type { Rulebook, RulebookProblem } from './rulebook';

type EndUses = CreditEvidence['end_uses'];

const num = (value: unknown): Q | null => (typeof value === 'number' ? fromDecimal(value) : null);
const pct = (x: Q) => div(x, q(100));
const grams = (g: number) => q(g);

/** CO2 per unit of carbon from the rulebook's molar masses */
function co2PerC(c: Computation): Q | null {
  const co2 = c.constant('molar_mass_co2');
  const carbon = c.constant('molar_mass_c');
  return co2 && carbon
    ? c.step(
        'co2_per_c',
        'molar_mass_co2 / molar_mass_c',
        { molar_mass_co2: toText(co2), molar_mass_c: toText(carbon) },
        div(co2, carbon),
        'ratio CO2/C',
      )
    : null;
}
const toText = (x: Q) => (x.d === 1n ? Number(x.n) : `${x.n}/${x.d}`);

/**
 * A row of a table ordered by `key` for `value`: the first row at or above it
 * (roundUp) or the row whose range holds it, the table's out_of_range rule
 * deciding outside its rows; null (named missing) when the rule refuses.
 */
function rowAtOrAbove(
  c: Computation,
  table: MethodologyTable,
  key: string,
  value: number,
  what: string,
): MethodologyTable['rows'][number] | null {
  const rows = [...table.rows].sort((a, b) => (a[key] as number) - (b[key] as number));
  const rule = table.out_of_range ?? { below: 'refuse', above: 'refuse' };
  const first = rows[0][key] as number;
  if (value < first && rule.below === 'refuse') return c.need(`${what} of at least ${first} (${table.key} refuses ${value})`);
  const row = rows.find((r) => (r[key] as number) >= value);
  if (row) return row;
  if (rule.above === 'cap') return rows[rows.length - 1];
  return c.need(`${what} of at most ${rows[rows.length - 1][key] as number} (${table.key} refuses ${value})`);
}

/** the row whose range [from, below) or (above, max] holds value; outside every row, the table's rule */
function rowInRange(
  c: Computation,
  table: MethodologyTable,
  value: number,
  ends: { low: string; high: string; lowOpen: boolean },
  what: string,
) {
  const v = fromDecimal(value);
  const inside = (row: MethodologyTable['rows'][number]) => {
    const low = num(row[ends.low]);
    const high = num(row[ends.high]);
    if (low === null && high === null) return false;
    const aboveLow = low === null || (ends.lowOpen ? cmp(v, low) > 0 : cmp(v, low) >= 0);
    const belowHigh = high === null || (ends.lowOpen ? cmp(v, high) <= 0 : cmp(v, high) < 0);
    return aboveLow && belowHigh;
  };
  const row = table.rows.find(inside);
  if (row) return row;
  const lows = table.rows.map((r) => num(r[ends.low])).filter((x): x is Q => x !== null);
  const lowest = lows.reduce<Q | null>((a, b) => (a === null || cmp(b, a) < 0 ? b : a), null);
  const below = lowest !== null && cmp(v, lowest) <= 0;
  const rule = table.out_of_range?.[below ? 'below' : 'above'] ?? 'refuse';
  const ranged = table.rows
    .filter((r) => num(r[ends.low]) !== null || num(r[ends.high]) !== null)
    .sort((x, y) => cmp(num(x[ends.low]) ?? q(-(10n ** 9n)), num(y[ends.low]) ?? q(-(10n ** 9n))));
  if (rule === 'floor' || rule === 'cap') return below ? ranged[0] : ranged[ranged.length - 1];
  return c.need(`${what} within ${table.key} (${rule === 'refuse' ? 'refuses' : 'no row for'} ${value})`);
}

/** dry mass × C_org × 44/12 of one end use */
function stored(c: Computation, use: EndUses[number], carbon: Q, factor: Q): Q {
  return c.step(
    `stored_carbon/${use.id}`,
    'dry_g × C_org × molar_mass_co2 / molar_mass_c',
    { end_use: use.id, dry_g: use.dry_g },
    mul(mul(grams(use.dry_g), carbon), factor),
    'g CO2e',
  );
}

const creditedGrams = (uses: EndUses) => uses.reduce((n, u) => n + u.dry_g, 0);

/** Production methane measured for the batch, as CO2e of the credited char; null (missing) without a measurement, or a GWP when methane was emitted. */
function measuredMethane(c: Computation, creditedG: number, gwpKey: string): Q | null {
  const measured = c.evidence.batch.emissions?.methane_g_per_kg;
  if (measured == null) return c.need('methane_g_per_kg (production methane measured)');
  const ch4 = mul(fromDecimal(measured), q(creditedG, 1000));
  if (cmp(ch4, ZERO) === 0)
    return c.step(
      'production_methane',
      'methane_g_per_kg × credited dry kg × GWP',
      { methane_g_per_kg: measured, credited_dry_g: creditedG },
      ZERO,
      'g CO2e',
    );
  const gwp = c.constant(gwpKey);
  if (!gwp) return null;
  return c.step(
    'production_methane',
    `methane_g_per_kg × credited dry kg × ${gwpKey}`,
    { methane_g_per_kg: measured, credited_dry_g: creditedG, [gwpKey]: toText(gwp) },
    mul(ch4, gwp),
    'g CO2e',
  );
}

/** Other project emissions entered for the batch, the credited char's share of them (none entered: 0) */
function otherEmissions(c: Computation, creditedG: number): Q {
  const other = c.evidence.batch.emissions?.other_co2e_g ?? null;
  const total = c.evidence.batch.dry_biochar_g ?? c.evidence.batch.wet_biochar_g;
  const share = other === null || total === 0 ? ZERO : mul(q(other), q(creditedG, total));
  return c.step(
    'other_emissions',
    'other_co2e_g × credited dry g / batch dry g',
    { other_co2e_g: other, credited_dry_g: creditedG, batch_dry_g: total },
    share,
    'g CO2e',
  );
}

/** Σ kept − the batch's project emissions (methane measured, other entered), then its discount and buffer */
function lessEmissions(
  c: Computation,
  uses: EndUses,
  kept: (Q | null)[],
  step: { id: string; formula: string },
  discountKey: string,
  discountInPct: boolean,
): Q | null {
  const methane = measuredMethane(c, creditedGrams(uses), 'gwp_ch4');
  const other = otherEmissions(c, creditedGrams(uses));
  if (kept.some((k) => k === null) || !methane) return null;
  const net = c.step(step.id, step.formula, {}, sub(sub(sum(kept as Q[]), methane), other), 'g CO2e');
  return discounted(c, net, discountKey, discountInPct);
}

/** (gross − deductions) × (1 − discount) × (1 − buffer %); null when a constant is missing */
function discounted(c: Computation, beforeDiscount: Q, discountKey: string, discountInPct: boolean): Q | null {
  const discount = c.constant(discountKey);
  const buffer = c.constant('buffer_pct');
  if (!discount || !buffer) return null;
  const fraction = discountInPct ? pct(discount) : discount;
  const afterDiscount = c.step(
    'uncertainty_discount',
    `net × (1 − ${discountKey})`,
    { [discountKey]: toText(discount) },
    mul(beforeDiscount, sub(ONE, fraction)),
    'g CO2e',
  );
  return c.step(
    'buffer',
    'net × (1 − buffer_pct / 100)',
    { buffer_pct: toText(buffer) },
    mul(afterDiscount, sub(ONE, pct(buffer))),
    'g CO2e',
  );
}

const SOIL: MethodologyFamily['kinds'] = ['soil_application'];
const ANY_END_USE: MethodologyFamily['kinds'] = ['soil_application', 'other'];

const specFactor: MethodologyFamily = {
  ids: /^spec-factor$/,
  constants: ['carbon_removal_factor_default'],
  tables: [],
  rangeTables: [],
  atEndUse: false,
  kinds: [],
  compute(c) {
    const factor = c.evidence.facility.carbon_removal_factor;
    const { wet_biochar_g } = c.evidence.batch;
    return c.step(
      'co2_removed',
      'biochar_produced (wet g) × carbon_removal_factor',
      { wet_biochar_g, carbon_removal_factor: factor },
      mul(grams(wet_biochar_g), fromDecimal(factor)),
      'g CO2e',
    );
  },
};

const puro: MethodologyFamily = {
  ids: /^puro-/,
  constants: ['molar_mass_co2', 'molar_mass_c', 'gwp_ch4', 'uncertainty_discount_pct', 'buffer_pct'],
  tables: [],
  rangeTables: ['persistence_table_6_1'],
  atEndUse: true,
  kinds: SOIL,
  compute(c, uses) {
    const carbon = cOrg(c);
    const hc = hcOrg(c);
    const factor = co2PerC(c);
    const table = c.table('persistence_table_6_1');
    if (!carbon || !hc || !factor) return null;
    const kept = uses.map((use) => {
      const row = rowAtOrAbove(c, table, 't_soil_c', Math.ceil(use.soil_temp_c), `end use ${use.id} soil_temp_c`);
      if (!row) return null;
      const pf = c.step(
        `persistence/${use.id}`,
        'PF = (M − a × H/C_org) / 100, M and a at T_soil = ceil(soil_temp_c), Table 6.1',
        { end_use: use.id, soil_temp_c: use.soil_temp_c, t_soil_c: row.t_soil_c, m: row.m, a: row.a, h_c_org: toText(hc) },
        pct(sub(num(row.m)!, mul(num(row.a)!, hc))),
        'fraction',
      );
      return c.step(
        `c_stored_less_loss/${use.id}`,
        'C_stored − C_loss = C_stored × PF',
        { end_use: use.id },
        mul(stored(c, use, carbon, factor), pf),
        'g CO2e',
      );
    });
    return lessEmissions(
      c,
      uses,
      kept,
      { id: 'corcs_before_discount', formula: 'Σ (C_stored − C_loss) − E_project (methane + other)' },
      'uncertainty_discount_pct',
      true,
    );
  },
};

const isometric: MethodologyFamily = {
  ids: /^isometric-/,
  constants: [
    'durable_a',
    'durable_b',
    'durable_c',
    'durable_cap',
    't_soil_floor_c',
    'molar_mass_co2',
    'molar_mass_c',
    'gwp_ch4',
    'uncertainty_discount',
    'buffer_pct',
  ],
  tables: [],
  rangeTables: [],
  atEndUse: true,
  kinds: SOIL,
  compute(c, uses) {
    const carbon = cOrg(c);
    const hc = hcOrg(c);
    const [a, b, k, cap, floor] = ['durable_a', 'durable_b', 'durable_c', 'durable_cap', 't_soil_floor_c'].map((key) => c.constant(key));
    const factor = co2PerC(c);
    if (!carbon || !hc || !a || !b || !k || !cap || !floor || !factor) return null;
    const kept = uses.map((use) => {
      const t = max(floor, fromDecimal(use.soil_temp_c));
      const f = min(cap, sub(ONE, add(k, mul(add(a, mul(b, ln(t))), hc))));
      const durable = c.step(
        `persistence/${use.id}`,
        'F_durable,200 = min(cap, 1 − [c + (a + b × ln max(floor, T_soil)) × H/C_org])',
        { end_use: use.id, soil_temp_c: use.soil_temp_c, t_soil_c: toText(t), h_c_org: toText(hc) },
        f,
        'fraction',
      );
      return c.step(
        `durable_co2e/${use.id}`,
        'CO2e_stored = C_biochar × F_durable × 44.01/12.01',
        { end_use: use.id },
        mul(stored(c, use, carbon, factor), durable),
        'g CO2e',
      );
    });
    return lessEmissions(
      c,
      uses,
      kept,
      { id: 'net_before_discount', formula: 'Σ CO2e_stored − emissions (methane + other)' },
      'uncertainty_discount',
      false,
    );
  },
};

const rainbow: MethodologyFamily = {
  ids: /^rainbow-/,
  constants: ['molar_mass_co2', 'molar_mass_c', 'f_perm_min', 'f_perm_max', 'gwp_ch4', 'uncertainty_discount', 'buffer_pct'],
  tables: [],
  rangeTables: ['persistence_bands'],
  atEndUse: true,
  kinds: SOIL,
  compute(c, uses) {
    const carbon = cOrg(c);
    const hc = hcOrg(c);
    const factor = co2PerC(c);
    const lo = c.constant('f_perm_min');
    const hi = c.constant('f_perm_max');
    const table = c.table('persistence_bands');
    if (!carbon || !hc || !factor || !lo || !hi) return null;
    const kept = uses.map((use) => {
      const row = rowInRange(
        c,
        table,
        use.soil_temp_c,
        { low: 't_soil_from_c', high: 't_soil_below_c', lowOpen: false },
        `end use ${use.id} soil_temp_c`,
      );
      if (!row) return null;
      const f = c.step(
        `persistence/${use.id}`,
        'F_perm,100 = clamp(c − m × H/C_org, f_perm_min, f_perm_max), c and m by soil-temperature band',
        { end_use: use.id, soil_temp_c: use.soil_temp_c, c: row.c, m: row.m, h_c_org: toText(hc) },
        clamp(sub(num(row.c)!, mul(num(row.m)!, hc)), lo, hi),
        'fraction',
      );
      return c.step(
        `rp_storage100/${use.id}`,
        'RP_storage100 = F_perm × C_org × dry_g × 44/12',
        { end_use: use.id },
        mul(stored(c, use, carbon, factor), f),
        'g CO2e',
      );
    });
    return lessEmissions(
      c,
      uses,
      kept,
      { id: 'net_before_discount', formula: 'Σ RP_storage100 − emissions (methane + other)' },
      'uncertainty_discount',
      false,
    );
  },
};

/** CSI's persistence class by H/C_org and Ro (BC_HyPy is not recorded): the matching row with the largest GPC */
function csiClass(c: Computation, hc: Q): { gpc: Q; spc: Q } {
  const ro = num(c.evidence.lab?.ro_pct ?? null);
  const rows = c.table('persistence_classes').rows.filter((row) => {
    const above = num(row.h_c_org_above);
    const atMost = num(row.h_c_org_max);
    const roMin = num(row.ro_min_pct);
    const inert = roMin === null && row.hypy_min_pct === null ? true : ro !== null && roMin !== null && cmp(ro, roMin) >= 0;
    return (above === null || cmp(hc, above) > 0) && (atMost === null || cmp(hc, atMost) <= 0) && inert;
  });
  const best = rows.reduce<(typeof rows)[number] | null>(
    (a, r) => (a === null || (r.gpc_pct as number) > (a.gpc_pct as number) ? r : a),
    null,
  );
  const gpc = best ? pct(num(best.gpc_pct)!) : ZERO;
  const spc = best ? pct(num(best.spc_pct)!) : ONE;
  c.step(
    'persistence_class',
    'GPC and SPC shares of the class H/C_org (and Ro) falls in',
    { class: best ? String(best.class) : null, h_c_org: toText(hc), ro_pct: c.evidence.lab?.ro_pct ?? null },
    `GPC ${(gpc.n * 100n) / gpc.d} %, SPC ${(spc.n * 100n) / spc.d} %`,
    'shares',
  );
  return { gpc, spc };
}

function csiStored(c: Computation, uses: EndUses): { gpcCo2: Q; spcCo2: Q; hc: Q } | null {
  const carbon = cOrg(c);
  const hc = hcOrg(c);
  const factor = co2PerC(c);
  if (!carbon || !hc || !factor) return null;
  const total = sum(uses.map((use) => stored(c, use, carbon, factor)));
  const { gpc, spc } = csiClass(c, hc);
  return {
    hc,
    gpcCo2: c.step('gpc_co2e', 'Σ stored × GPC share', {}, mul(total, gpc), 'g CO2e'),
    spcCo2: c.step('spc_co2e', 'Σ stored × SPC share', {}, mul(total, spc), 'g CO2e'),
  };
}

const csiGlobal: MethodologyFamily = {
  ids: /^csi-global-/,
  constants: [
    'molar_mass_co2',
    'molar_mass_c',
    'spc_decay_a1',
    'spc_decay_k1',
    'spc_decay_a2',
    'spc_decay_k2',
    'cink_horizon_years',
    'margin_of_safety',
    'gwp100_ch4_biogenic',
    'uncertainty_discount',
    'buffer_pct',
  ],
  tables: ['persistence_classes'],
  rangeTables: [],
  atEndUse: true,
  kinds: ANY_END_USE,
  compute(c, uses) {
    const parts = csiStored(c, uses);
    const [a1, k1, a2, k2, h, margin] = [
      'spc_decay_a1',
      'spc_decay_k1',
      'spc_decay_a2',
      'spc_decay_k2',
      'cink_horizon_years',
      'margin_of_safety',
    ].map((key) => c.constant(key));
    if (!parts || !a1 || !k1 || !a2 || !k2 || !h || !margin) return null;
    // (1/H) ∫0..H (a1 e^(−k1 y) + a2 e^(−k2 y)) dy
    const term = (a: Q, k: Q) => mul(div(a, k), sub(ONE, exp(q(-(k.n * h.n), k.d * h.d))));
    const cink = c.step(
      'spc_cink_factor',
      'CINK_H / initial = (1/H) × [a1/k1 × (1 − e^(−k1 H)) + a2/k2 × (1 − e^(−k2 H))]',
      { h_years: toText(h) },
      div(add(term(a1, k1), term(a2, k2)), h),
      'fraction',
    );
    const sink = c.step(
      'spc_temporary_sink',
      'SPC CO2e × CINK factor (the temporary sink that offsets methane)',
      {},
      mul(parts.spcCo2, cink),
      'g CO2e',
    );
    const creditedG = creditedGrams(uses);
    const methane = measuredMethane(c, creditedG, 'gwp100_ch4_biogenic');
    const other = otherEmissions(c, creditedG);
    const safety = c.step(
      'margin_of_safety',
      'margin_of_safety (kg CO2e/t DM) × credited dry g / 1000',
      { margin_of_safety: toText(margin), credited_dry_g: creditedG },
      mul(margin, q(creditedG, 1000)),
      'g CO2e',
    );
    if (!methane) return null;
    const unoffset = c.step(
      'methane_not_offset',
      'max(0, methane − SPC temporary sink), deducted from the GPC',
      {},
      max(ZERO, sub(methane, sink)),
      'g CO2e',
    );
    const net = c.step(
      'c_sink_before_discount',
      'GPC CO2e − methane not offset − margin of safety − other emissions',
      {},
      sub(sub(sub(parts.gpcCo2, unoffset), safety), other),
      'g CO2e',
    );
    return discounted(c, net, 'uncertainty_discount', false);
  },
};

const csiArtisan: MethodologyFamily = {
  ids: /^csi-artisan-/,
  constants: ['molar_mass_co2', 'molar_mass_c', 'margin_of_safety', 'pac_formula', 'methane_compensation', 'buffer_pct'],
  tables: ['persistence_classes'],
  rangeTables: [],
  atEndUse: true,
  kinds: ANY_END_USE,
  compute(c, uses) {
    const parts = csiStored(c, uses);
    // the v2.1 PAC formula, margin and methane compensation: no figure until the rulebook settles them
    const settled = ['pac_formula', 'margin_of_safety', 'methane_compensation'].map((key) => c.constant(key));
    if (!parts || settled.some((x) => x === null)) return null;
    return parts.gpcCo2;
  },
};

const vm0044: MethodologyFamily = {
  ids: /^vm0044-/,
  constants: [
    'molar_mass_co2',
    'molar_mass_c',
    'low_tech_methane_fe',
    'gwp_ch4',
    'high_tech_methane',
    'fc_default_process',
    'uncertainty_discount',
    'buffer_pct',
  ],
  tables: ['fc_defaults_table_4', 'high_tech_conditions'],
  rangeTables: ['persistence_table_3'],
  atEndUse: true,
  kinds: SOIL,
  compute(c, uses) {
    const { facility, batch, lab } = c.evidence;
    const conditions = c.table('high_tech_conditions').rows.map((r) => String(r.condition));
    const highTech = conditions.every((k) => facility.vm0044_high_tech_conditions[k] === true);
    c.step(
      'technology_class',
      'high-tech when every condition of high_tech_conditions holds, low-tech otherwise',
      Object.fromEntries(conditions.map((k) => [k, facility.vm0044_high_tech_conditions[k] ?? false])),
      highTech ? 'high-tech' : 'low-tech',
      'class',
    );
    let fc: Q | null;
    if (lab?.c_org_pct != null || (lab?.c_tot_pct != null && lab.c_inorg_pct != null) || highTech) fc = cOrg(c);
    else {
      const process = c.text('fc_default_process');
      const row = c.table('fc_defaults_table_4').rows.find((r) => r.feedstock === batch.feedstock);
      fc =
        row && process
          ? c.step(
              'c_org',
              `FC = Table 4 default (${process}) for the feedstock`,
              { feedstock: batch.feedstock },
              num(row[process])!,
              'fraction',
            )
          : c.need(`C_org (no Table 4 default for the feedstock ${batch.feedstock})`);
    }
    const table = c.table('persistence_table_3');
    let prRow: MethodologyTable['rows'][number] | null;
    if (!highTech && !facility.temperature_monitored) prRow = table.rows.find((r) => r.class === 'low_tech_unmonitored') ?? null;
    else if (batch.production_temp_c === null) prRow = c.need('production_temp_c');
    else
      prRow = rowInRange(
        c,
        table,
        batch.production_temp_c,
        { low: 'production_temp_above_c', high: 'production_temp_max_c', lowOpen: true },
        'production_temp_c',
      );
    const pr = prRow
      ? c.step(
          'persistence',
          'PR_de by production temperature class, Table 3',
          { class: String(prRow.class), production_temp_c: batch.production_temp_c, temperature_monitored: facility.temperature_monitored },
          num(prRow.pr_de)!,
          'fraction',
        )
      : null;
    const factor = co2PerC(c);
    const creditedG = creditedGrams(uses);
    const fe = c.constant('low_tech_methane_fe');
    const gwp = c.constant('gwp_ch4');
    const highTechMethane = c.constant('high_tech_methane');
    if (!fc || !pr || !factor || !fe || !gwp || !highTechMethane) return null;
    const cc = c.step('carbon_stock', 'CC = Σ M × FC × PR_de', { credited_dry_g: creditedG }, mul(mul(grams(creditedG), fc), pr), 'g C');
    const er = c.step('er_ps_gross', 'Σ CC × 44/12', {}, mul(cc, factor), 'g CO2e');
    const methane = highTech
      ? c.step(
          'production_methane',
          'PE_P = high_tech_methane × M (high-tech)',
          { high_tech_methane: toText(highTechMethane) },
          mul(highTechMethane, grams(creditedG)),
          'g CO2e',
        )
      : c.step(
          'production_methane',
          'PE_P = Fe × GWP × M (low-tech, Eq. 9)',
          { low_tech_methane_fe: toText(fe), gwp_ch4: toText(gwp), credited_dry_g: creditedG },
          mul(mul(fe, gwp), grams(creditedG)),
          'g CO2e',
        );
    const other = otherEmissions(c, creditedG);
    const net = c.step('er_ps', 'ER_PS = Σ(CC × 44/12) − PE_P − other project emissions', {}, sub(sub(er, methane), other), 'g CO2e');
    return discounted(c, net, 'uncertainty_discount', false);
  },
};

export const FAMILIES: readonly MethodologyFamily[] = [specFactor, puro, isometric, rainbow, csiGlobal, csiArtisan, vm0044];

export const familyOf = (book: Pick<Rulebook, 'id'>): MethodologyFamily | undefined => FAMILIES.find((f) => f.ids.test(book.id));

/** What the computation needs of a rulebook that it lacks (none: it computes): checked at start with rulebookProblems. */
export const computationProblems = (book: Rulebook): RulebookProblem[] => familyProblems(book, familyOf(book));

/** The credits of one batch under one rulebook (its family checked at start). */
export function creditsOf(book: Rulebook, evidence: CreditEvidence): CreditResult {
  const family = familyOf(book);
  if (!family) throw new Error(`no computation for the rulebook ${book.id} (checked at start)`);
  return computeCredits(book, evidence, family);
}
