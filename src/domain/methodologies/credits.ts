/**
 * The one computation per batch and methodology (issue 44), shared by the
 * server and the verifier: from a batch's evidence and a rulebook, the gates
 * (each with its value, threshold and pass), the steps (each with its formula
 * as text, its inputs and its value) and the net CO2e in exact whole grams,
 * or no figure and the inputs missing. Every constant comes from the
 * rulebook; the arithmetic is exact (exact.ts) and rounded once, half a gram
 * away from zero, at the end (the rule of src/domain/carbon.ts). Pure: the
 * formulas of each methodology are in families.ts.
 */
import type { BatchRecord, EndUseRecord, LabResultRecord } from '../batches/types';
import { type MethodologyGate, type MethodologyTable } from '../api/methodologies';
import { cmp, div, fromDecimal, q, roundHalfAway, sub, toFixed, type Q } from './exact';
import { constantOf, tableOf, type Rulebook, type RulebookProblem } from './rulebook';

/** The evidence of one batch the computation reads. */
export interface CreditEvidence {
  batch: Pick<
    BatchRecord,
    'id' | 'wet_biochar_g' | 'dry_biochar_g' | 'production_temp_c' | 'first_logts' | 'last_logts' | 'feedstock' | 'emissions'
  >;
  /** the batch's lab result in force (currentLabResult), with its laboratory's accreditation; null before one */
  lab: (LabResultRecord & { lab_accreditation: string | null }) | null;
  end_uses: readonly Pick<EndUseRecord, 'id' | 'kind' | 'dry_g' | 'date' | 'soil_temp_c'>[];
  facility: FacilityCreditSettings;
}

/** The four VM0044 high-tech conditions (the rulebook's high_tech_conditions table), each true or false. */
export type HighTechConditions = Record<string, boolean>;

export interface FacilityCreditSettings {
  carbon_removal_factor: number;
  vm0044_high_tech_conditions: HighTechConditions;
  temperature_monitored: boolean;
}

export type StepInput = string | number | boolean | null;

export interface CreditGate {
  id: string;
  name: string;
  value: StepInput | string[];
  threshold: StepInput | string[];
  comparison: MethodologyGate['comparison'];
  unit: string;
  /** null: undecided (the console does not record the input, the batch lacks it, or no source settles the threshold) */
  pass: boolean | null;
  /** the console records this input: an undecided recorded gate keeps the batch from being eligible */
  recorded: boolean;
  tag: MethodologyGate['tag'];
}

export interface CreditStep {
  id: string;
  formula: string;
  inputs: Record<string, StepInput>;
  /** exact decimal text: fractions to 6 decimals, grams to 3 */
  value: string;
  unit: string;
}

export interface CreditResult {
  methodology: string;
  version: number;
  eligible: boolean;
  gates: CreditGate[];
  steps: CreditStep[];
  /** exact whole grams of CO2e, rounded once half away from zero; null when an input is missing */
  net_co2e_g: number | null;
  /** what the figure or a gate still needs, each named ("C_org", "rulebook uncertainty_discount_pct (U)") */
  missing: string[];
  /** dry grams of char not yet at an end use, which a methodology crediting at end use does not credit */
  pending_end_use_g: number;
}

/** The lab result in force of a batch: the newest that no other supersedes; null when none. */
export function currentLabResult<T extends Pick<LabResultRecord, 'id' | 'supersedes'>>(results: readonly T[]): T | null {
  const superseded = new Set(results.map((r) => r.supersedes).filter((id) => id !== null));
  const standing = results.filter((r) => !superseded.has(r.id));
  return standing.length === 0 ? null : standing.reduce((a, b) => (b.id > a.id ? b : a));
}

/** One computation under way: its steps, missing inputs and the rulebook it reads. */
export class Computation {
  readonly steps: CreditStep[] = [];
  readonly missing: string[] = [];
  readonly gates: CreditGate[] = [];

  constructor(
    readonly book: Rulebook,
    readonly evidence: CreditEvidence,
  ) {}

  need(what: string): null {
    if (!this.missing.includes(what)) this.missing.push(what);
    return null;
  }

  /** a rulebook constant as an exact rational; null (and named missing) when no source settles it */
  constant(key: string): Q | null {
    const entry = constantOf(this.book, key);
    if (!entry) return this.need(`rulebook ${key}`);
    if (entry.value === null) return this.need(`rulebook ${key} (${entry.tag}: no confirmed value)`);
    if (typeof entry.value !== 'number') return this.need(`rulebook ${key} (not a number)`);
    return fromDecimal(entry.value);
  }

  text(key: string): string | null {
    const value = constantOf(this.book, key)?.value;
    return typeof value === 'string' ? value : this.need(`rulebook ${key}`);
  }

  table(key: string): MethodologyTable {
    const table = tableOf(this.book, key);
    if (!table) throw new Error(`${this.book.id}: no table ${key} (checked at start)`);
    return table;
  }

  step<T extends Q | string>(id: string, formula: string, inputs: Record<string, StepInput>, value: T, unit: string): T {
    const digits = unit.startsWith('g') ? 3 : 6;
    this.steps.push({ id, formula, inputs, value: typeof value === 'string' ? value : toFixed(value, digits), unit });
    return value;
  }
}

/** The batch's C_org as a fraction: the lab's C_org, or C_tot − C_inorg where only those are given; null (missing) without. */
export function cOrg(c: Computation): Q | null {
  const lab = c.evidence.lab;
  if (lab?.c_org_pct != null)
    return c.step('c_org', 'C_org = c_org_pct / 100', { c_org_pct: lab.c_org_pct }, div100(lab.c_org_pct), 'fraction');
  if (lab?.c_tot_pct != null && lab.c_inorg_pct != null)
    return c.step(
      'c_org',
      'C_org = (c_tot_pct − c_inorg_pct) / 100',
      { c_tot_pct: lab.c_tot_pct, c_inorg_pct: lab.c_inorg_pct },
      div(sub(fromDecimal(lab.c_tot_pct), fromDecimal(lab.c_inorg_pct)), q(100)),
      'fraction',
    );
  return c.need('C_org');
}

const div100 = (pct: number): Q => div(fromDecimal(pct), q(100));

export function hcOrg(c: Computation): Q | null {
  const value = c.evidence.lab?.h_c_org;
  return value == null ? c.need('H/C_org') : fromDecimal(value);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (ts: string) => Date.parse(`${ts.slice(0, 10)}T00:00:00Z`);

/** the last day of production plus `months` calendar months (the end of a batch period of that many months) */
function plusMonths(ts: string, months: number): number {
  const d = new Date(`${ts.slice(0, 10)}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}

/** the gate inputs the console records, as the batch's evidence gives them (null: this batch lacks it) */
function gateInputs(e: CreditEvidence, creditedEndUses: CreditEvidence['end_uses']): Record<string, StepInput> {
  const lab = e.lab;
  const conditions = e.facility.vm0044_high_tech_conditions;
  const producedDay = dayOf(e.batch.last_logts);
  const days = creditedEndUses.map((u) => (Date.parse(`${u.date}T00:00:00Z`) - producedDay) / DAY_MS);
  return {
    h_c_org: lab?.h_c_org ?? null,
    o_c_org: lab?.o_c_org ?? null,
    contaminants_pass: lab?.contaminants_pass ?? null,
    lab_iso_17025: lab ? /17025/.test(lab.lab_accreditation ?? '') : null,
    production_temp_c: e.batch.production_temp_c,
    temperature_monitored: e.facility.temperature_monitored,
    pyrolysis_gases_combusted: conditions.gases_recovered_or_combusted ?? false,
    days_production_to_end_use: days.length === 0 ? null : Math.max(...days),
    batch_period_months: (dayOf(e.batch.last_logts) - dayOf(e.batch.first_logts)) / DAY_MS,
    // grams as tonnes, exactly: 1 t = 10^6 g
    batch_mass_t: e.batch.wet_biochar_g / 1e6,
  };
}

function compare(value: StepInput | string[], comparison: MethodologyGate['comparison'], threshold: StepInput | string[]): boolean {
  if (typeof value === 'number' && typeof threshold === 'number') {
    const order = cmp(fromDecimal(value), fromDecimal(threshold));
    return { '<': order < 0, '<=': order <= 0, '>': order > 0, '>=': order >= 0, '==': order === 0, in: false, not_in: false }[comparison];
  }
  if (comparison === '==') return value === threshold;
  if (Array.isArray(threshold) && typeof value === 'string')
    return comparison === 'in' ? threshold.includes(value) : !threshold.includes(value);
  return false;
}

/** Every gate of the rulebook against the evidence; a gate on an input the console does not record stays undecided. */
export function evaluateGates(c: Computation, creditedEndUses: CreditEvidence['end_uses']): void {
  const inputs = gateInputs(c.evidence, creditedEndUses);
  for (const gate of c.book.gates) {
    const recorded = gate.input in inputs;
    let value: StepInput = recorded ? inputs[gate.input] : null;
    let pass: boolean | null = null;
    if (gate.input === 'batch_period_months' && typeof gate.threshold === 'number') {
      // the span of log days against calendar months: at most N months is at most the same day N months later
      pass = dayOf(c.evidence.batch.last_logts) <= plusMonths(c.evidence.batch.first_logts, gate.threshold);
      value = `${value} days`;
    } else if (recorded && value !== null && gate.threshold !== null) pass = compare(value, gate.comparison, gate.threshold);
    if (recorded && value === null) c.need(gate.input === 'h_c_org' ? 'H/C_org' : gate.input === 'o_c_org' ? 'O/C_org' : gate.input);
    c.gates.push({
      id: gate.key,
      name: gate.name,
      value,
      threshold: gate.threshold,
      comparison: gate.comparison,
      unit: gate.unit,
      pass,
      recorded,
      tag: gate.tag,
    });
  }
}

/** Whole grams: the exact figure rounded once, half away from zero. */
export const wholeGrams = (x: Q): number => Number(roundHalfAway(x));

/** The computation of one methodology: the net figure (null when something is missing) from the evidence, steps and gates recorded on c. */
export interface MethodologyFamily {
  /** the rulebook ids this family computes, by their pattern */
  ids: RegExp;
  /** the constants and tables it reads, each table with the out_of_range rule it looks up by */
  constants: readonly string[];
  rangeTables: readonly string[];
  tables: readonly string[];
  /** credits at end use (the char not yet at one is pending), or at production */
  atEndUse: boolean;
  /** end use kinds credited (the soil modules credit soil application only) */
  kinds: readonly EndUseRecord['kind'][];
  compute(c: Computation, credited: CreditEvidence['end_uses']): Q | null;
}

/** What a family needs of a rulebook and the rulebook lacks, by field: checked at start beside rulebookProblems. */
export function familyProblems(book: Rulebook, family: MethodologyFamily | undefined): RulebookProblem[] {
  if (!family) return [{ field: 'id', reason: `names no methodology the console computes (${book.id})` }];
  const problems: RulebookProblem[] = [];
  for (const key of family.constants)
    if (!constantOf(book, key)) problems.push({ field: 'constants', reason: `is missing ${key}, which the computation reads` });
  for (const key of [...family.tables, ...family.rangeTables])
    if (!tableOf(book, key)) problems.push({ field: 'tables', reason: `is missing ${key}, which the computation reads` });
  for (const key of family.rangeTables) {
    const i = book.tables.findIndex((t) => t.key === key);
    if (i >= 0 && !book.tables[i].out_of_range)
      problems.push({
        field: `tables/${i}/out_of_range`,
        reason: 'is missing: what a value outside the table does (floor, cap, refuse, open)',
      });
  }
  return problems;
}

/** The credit result of one batch under one rulebook. */
export function computeCredits(book: Rulebook, evidence: CreditEvidence, family: MethodologyFamily): CreditResult {
  const c = new Computation(book, evidence);
  const credited = family.atEndUse ? evidence.end_uses.filter((u) => family.kinds.includes(u.kind)) : [];
  evaluateGates(c, credited);
  const net = family.compute(c, credited);
  const atUse = evidence.end_uses.reduce((n, u) => n + u.dry_g, 0);
  const total = evidence.batch.dry_biochar_g ?? evidence.batch.wet_biochar_g;
  const netGrams = net === null ? null : wholeGrams(net);
  return {
    methodology: book.id,
    version: book.version,
    eligible: netGrams !== null && netGrams > 0 && c.missing.length === 0 && c.gates.every((g) => !g.recorded || g.pass === true),
    gates: c.gates,
    steps: c.steps,
    net_co2e_g: netGrams,
    missing: c.missing,
    pending_end_use_g: family.atEndUse ? Math.max(0, total - atUse) : 0,
  };
}
