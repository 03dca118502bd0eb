import { describe, expect, it } from 'vitest';
import type { CreditResultPayload } from '../../../src/domain/api/credits';
import type { Methodology } from '../../../src/domain/api/methodologies';
import {
  bookOf,
  creditsAtEndUse,
  decimalText,
  eligibilityOf,
  gateCondition,
  groupedDecimal,
  hcDistance,
  inputText,
  missingGroups,
  stepConstants,
  stepValueText,
  tablesRead,
  unconfirmed,
  type CreditGateShown,
} from '../../../src/domain/methodologies/creditsView';

const WORDS = { yes: 'yes', no: 'no', none: 'none', oneOf: 'one of', noneOf: 'none of' };
const SOURCE = { document: 'notes', version: '1', section: '1' };

const gate = (o: Partial<CreditGateShown> = {}): CreditGateShown => ({
  id: 'h_c_org',
  name: 'H/C_org below 0.70',
  value: 0.31,
  threshold: 0.7,
  comparison: '<',
  unit: 'molar ratio',
  pass: true,
  recorded: true,
  tag: 'S',
  ...o,
});

const result = (o: Partial<CreditResultPayload> = {}): CreditResultPayload => ({
  methodology: 'puro-2025',
  version: 1,
  eligible: true,
  gates: [gate()],
  steps: [],
  net_co2e_g: 1_000,
  missing: [],
  pending_end_use_g: 0,
  ...o,
});

const book = (o: Partial<Methodology> = {}): Methodology =>
  ({
    id: 'puro-2025',
    name: 'Puro Biochar Methodology, Edition 2025',
    version: 1,
    effective_from: '2025-01-01',
    sha256: 'a'.repeat(64),
    constants: [
      { key: 'molar_mass_co2', name: 'Molar mass of CO2', value: 44, unit: 'g/mol', source: SOURCE, tag: 'S' },
      { key: 'gwp_ch4', name: 'GWP of methane', value: 28, unit: 'kg CO2e/kg CH4', source: SOURCE, tag: 'P' },
    ],
    tables: [
      { key: 'persistence_table_6_1', name: 'Table 6.1', columns: [], rows: [], source: SOURCE, tag: 'C' },
      { key: 'unread', name: 'Not read', columns: [], rows: [], source: SOURCE, tag: 'U' },
    ],
    gates: [
      { key: 'h_c_org', name: 'H/C_org below 0.70', input: 'h_c_org', comparison: '<', threshold: 0.7, unit: '', source: SOURCE, tag: 'S' },
    ],
    ...o,
  }) as Methodology;

describe('the numbers of a credit result as text', () => {
  it('writes exact decimals without a double’s noise, trailing zeros dropped down to the least asked', () => {
    expect(decimalText(0.33999999999999997)).toBe('0.34');
    expect(decimalText(0.4, 2)).toBe('0.40');
    expect(decimalText(555)).toBe('555');
    expect(decimalText(0.68613)).toBe('0.68613');
    expect(decimalText(-1.5, 0, 0)).toBe('-2');
  });

  it('groups the grams of a step by thousands and leaves fractions and words as the server wrote them', () => {
    expect(groupedDecimal('941125.185')).toBe('941,125.185');
    expect(groupedDecimal('-1674157.200')).toBe('-1,674,157.200');
    expect(groupedDecimal('12')).toBe('12');
    expect(stepValueText({ value: '941125.185', unit: 'g CO2e' })).toBe('941,125.185 g CO2e');
    expect(stepValueText({ value: '0.762103', unit: 'fraction' })).toBe('0.762103 fraction');
    expect(stepValueText({ value: 'low-tech', unit: 'class' })).toBe('low-tech class');
  });

  it('reads inputs and gate values: yes or no, lists, none', () => {
    expect(inputText(true, WORDS)).toBe('yes');
    expect(inputText(false, WORDS)).toBe('no');
    expect(inputText(null, WORDS)).toBe('none');
    expect(inputText(['flame_curtain', 'kon_tiki'], WORDS)).toBe('flame_curtain, kon_tiki');
    expect(inputText('31/100', WORDS)).toBe('31/100');
  });

  it('says what a gate asks, and nothing where no source settles the threshold', () => {
    expect(gateCondition(gate({ comparison: '<=', threshold: 0.4 }), WORDS)).toBe('≤ 0.4 molar ratio');
    expect(gateCondition(gate({ comparison: '==', threshold: true, unit: 'yes or no' }), WORDS)).toBe('yes');
    expect(gateCondition(gate({ comparison: 'not_in', threshold: ['htc', 'torrefaction'], unit: 'kiln technology' }), WORDS)).toBe(
      'none of htc, torrefaction',
    );
    expect(gateCondition(gate({ comparison: 'in', threshold: ['kon_tiki'] }), WORDS)).toBe('one of kon_tiki');
    expect(gateCondition(gate({ comparison: '>=', threshold: 350, unit: '°C' }), WORDS)).toBe('≥ 350 °C');
    expect(gateCondition(gate({ threshold: null }), WORDS)).toBeNull();
  });
});

describe('eligibilityOf', () => {
  it('is eligible as the server says', () => {
    expect(eligibilityOf(result())).toEqual({ kind: 'eligible' });
  });

  it('names the recorded gates that failed first, whatever else is missing', () => {
    const failed = gate({ id: 'h_c_org', pass: false, value: 0.46, threshold: 0.4 });
    const unrecorded = gate({ id: 'ebc', pass: false, recorded: false });
    const r = result({ eligible: false, gates: [failed, unrecorded], net_co2e_g: null, missing: ['methane_g_per_kg'] });
    expect(eligibilityOf(r)).toEqual({ kind: 'failed', gates: [failed] });
  });

  it('gives no figure while inputs are missing, then names an undecided gate, then a net not above zero', () => {
    expect(eligibilityOf(result({ eligible: false, net_co2e_g: null, missing: ['C_org'] }))).toEqual({ kind: 'missing' });
    const undecided = gate({ pass: null, threshold: null });
    expect(eligibilityOf(result({ eligible: false, gates: [undecided] }))).toEqual({ kind: 'undecided', gates: [undecided] });
    expect(eligibilityOf(result({ eligible: false, net_co2e_g: -28_177 }))).toEqual({ kind: 'notPositive' });
  });
});

describe('missingGroups', () => {
  it('parts what the batch lacks from the rulebook values no source settles', () => {
    expect(missingGroups(['C_org', 'rulebook pac_formula (U: no confirmed value)', 'H/C_org'])).toEqual({
      evidence: ['C_org', 'H/C_org'],
      rulebook: ['pac_formula (U: no confirmed value)'],
    });
    expect(missingGroups([])).toEqual({ evidence: [], rulebook: [] });
  });
});

describe('hcDistance', () => {
  it('gives the distance of the batch’s H/C_org to the gate, at 0.70, 0.50 and 0.40', () => {
    const at = (threshold: number, value = 0.31) => hcDistance(result({ gates: [gate({ threshold, value })] }), book());
    expect(at(0.7)).toMatchObject({ kind: 'distance', value: '0.31', threshold: '0.70', distance: '0.39', side: 'below' });
    expect(at(0.5)).toMatchObject({ distance: '0.19', threshold: '0.50', side: 'below' });
    expect(at(0.4, 0.52)).toMatchObject({ distance: '0.12', threshold: '0.40', side: 'above' });
    expect(at(0.4, 0.4)).toMatchObject({ distance: '0.00', side: 'at' });
    // a lab's noise-free value and more decimals where the lab gives them
    expect(at(0.4, 0.33999999999999997)).toMatchObject({ value: '0.34', distance: '0.06' });
    expect(at(0.4, 0.405)).toMatchObject({ value: '0.405', threshold: '0.400', distance: '0.005', side: 'above' });
  });

  it('says when there is no gate, no value yet or no confirmed threshold', () => {
    expect(hcDistance(result({ gates: [] }), book({ gates: [] }))).toEqual({ kind: 'noGate' });
    expect(hcDistance(result(), undefined)).toEqual({ kind: 'noGate' });
    expect(hcDistance(result({ gates: [gate({ value: null })] }), book()).kind).toBe('noValue');
    expect(hcDistance(result({ gates: [gate({ threshold: null })] }), book())).toMatchObject({ kind: 'noThreshold', value: '0.31' });
  });

  it('finds the gate by the input the rulebook names, not by its key', () => {
    const b = book({ gates: [{ ...book().gates[0], key: 'hc_soil' }] });
    expect(hcDistance(result({ gates: [gate({ id: 'hc_soil' })] }), b).kind).toBe('distance');
    expect(hcDistance(result({ gates: [gate({ id: 'other' })] }), b).kind).toBe('noGate');
  });
});

describe('the rulebook values a result reads, with their tags', () => {
  it('finds a step’s constants among its inputs by key, each with its tag', () => {
    const step = { inputs: { molar_mass_co2: 44, gwp_ch4: 28, dry_g: 335_517 } };
    expect(stepConstants(step, book())).toEqual([
      { key: 'molar_mass_co2', name: 'Molar mass of CO2', tag: 'S' },
      { key: 'gwp_ch4', name: 'GWP of methane', tag: 'P' },
    ]);
    expect(stepConstants(step, undefined)).toEqual([]);
    expect(['P', 'S', 'C', 'U'].filter((t) => unconfirmed(t as never))).toEqual(['S', 'C', 'U']);
  });

  it('lists the tables the methodology’s computation reads, and whether it credits at end use', () => {
    expect(tablesRead(book())).toEqual([{ key: 'persistence_table_6_1', name: 'Table 6.1', tag: 'C' }]);
    expect(tablesRead(book({ id: 'spec-factor' }))).toEqual([]);
    expect(tablesRead(undefined)).toEqual([]);
    expect(creditsAtEndUse(book())).toBe(true);
    expect(creditsAtEndUse(book({ id: 'spec-factor' }))).toBe(false);
  });

  it('matches a result to the rulebook of its id and version', () => {
    const books = [book(), book({ version: 2 })];
    expect(bookOf(books, { methodology: 'puro-2025', version: 2 })).toBe(books[1]);
    expect(bookOf(books, { methodology: 'puro-2025', version: 3 })).toBeUndefined();
  });
});
