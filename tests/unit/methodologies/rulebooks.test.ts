import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRulebooks, METHODOLOGIES_DIR, readRulebook, RulebookFileError } from '../../../mock-server/methodologies/rulebooks';
import type { Methodology } from '../../../src/domain/api/methodologies';
import { CONFIDENCE_TAGS, constantOf, gateOf, rulebookProblems, sourcesOf, tableOf } from '../../../src/domain/methodologies/rulebook';

/**
 * The methodologies' rulebooks (mock-server/methodologies/): each file passes
 * its check, every value carries a source and a tag, and the values read
 * back as the transcriptions give them; a broken file is refused naming the
 * file and the field.
 */

const books = loadRulebooks();
const book = (id: string): Methodology => {
  const found = books.find((b) => b.id === id);
  if (!found) throw new Error(`no rulebook ${id}`);
  return found;
};
const value = (id: string, key: string) => constantOf(book(id), key)?.value;
const files = fs.readdirSync(METHODOLOGIES_DIR).filter((f) => f.endsWith('.yaml'));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'rulebooks-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('the rulebook files', () => {
  it('hold one rulebook for each methodology version of issue 44', () => {
    expect(books.map((b) => b.id).sort()).toEqual(
      ['csi-artisan-2.1', 'csi-global-3.3', 'isometric-1.3', 'puro-2025', 'rainbow-1.0', 'spec-factor', 'vm0044-1.2'].sort(),
    );
    expect(files).toHaveLength(books.length);
  });

  it.each(files)('%s passes the check, named <id>.v<version>.yaml', (file) => {
    const bytes = fs.readFileSync(path.join(METHODOLOGIES_DIR, file));
    expect(rulebookProblems(parse(bytes.toString('utf8')))).toEqual([]);
    const loaded = readRulebook(file, bytes);
    expect(file).toBe(`${loaded.id}.v${loaded.version}.yaml`);
    expect(loaded.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('give each id and version once', () => {
    const pairs = books.map((b) => `${b.id}@${b.version}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(new Set(books.map((b) => b.id)).size).toBe(books.length);
  });

  it('give every constant, table and gate a source and a tag among P, S, C, U, and every C or U a note', () => {
    for (const b of books)
      for (const { field, source, tag } of sourcesOf(b)) {
        expect(CONFIDENCE_TAGS, `${b.id} ${field}`).toContain(tag);
        expect(
          [source.document, source.version, source.section].every((s) => s.trim() !== ''),
          `${b.id} ${field}`,
        ).toBe(true);
      }
    const unsettled = books.flatMap((b) => [...b.constants, ...b.tables, ...b.gates].filter((e) => e.tag === 'C' || e.tag === 'U'));
    expect(unsettled.filter((e) => !e.note)).toEqual([]);
  });

  it('leave a value out only where no source settles it', () => {
    const nulls = books.flatMap((b) => b.constants.filter((c) => c.value === null).map((c) => `${b.id} ${c.key} ${c.tag}`));
    expect(nulls.every((n) => / [CU]$/.test(n))).toBe(true);
    expect(nulls).toContain('csi-artisan-2.1 margin_of_safety C');
  });
});

describe('the values, as the transcriptions give them', () => {
  it('store carbon as CO2 with 44/12, Isometric with 44.01/12.01', () => {
    for (const id of ['puro-2025', 'rainbow-1.0', 'csi-global-3.3', 'vm0044-1.2']) {
      expect([value(id, 'molar_mass_co2'), value(id, 'molar_mass_c')], id).toEqual([44, 12]);
    }
    expect([value('isometric-1.3', 'molar_mass_co2'), value('isometric-1.3', 'molar_mass_c')]).toEqual([44.01, 12.01]);
  });

  it('gate H/C_org at 0.70 (Puro <, VM0044 ≤), 0.5 (Isometric) and 0.40 (CSI Global ≤, Artisan <)', () => {
    const gate = (id: string) => gateOf(book(id), 'h_c_org');
    expect([gate('puro-2025')?.comparison, gate('puro-2025')?.threshold]).toEqual(['<', 0.7]);
    expect([gate('vm0044-1.2')?.comparison, gate('vm0044-1.2')?.threshold]).toEqual(['<=', 0.7]);
    expect([gate('isometric-1.3')?.comparison, gate('isometric-1.3')?.threshold]).toEqual(['<', 0.5]);
    expect([gate('csi-global-3.3')?.comparison, gate('csi-global-3.3')?.threshold]).toEqual(['<=', 0.4]);
    expect([gate('csi-artisan-2.1')?.comparison, gate('csi-artisan-2.1')?.threshold]).toEqual(['<', 0.4]);
    expect(gateOf(book('isometric-1.3'), 'o_c_org')?.threshold).toBe(0.2);
    expect(gate('rainbow-1.0')).toMatchObject({ threshold: null, tag: 'U' });
  });

  it("hold Puro's Table 6.1 (transcription A, tagged C) from 7 to 40 °C", () => {
    const table = tableOf(book('puro-2025'), 'persistence_table_6_1')!;
    expect(table.tag).toBe('C');
    expect(table.rows).toHaveLength(19);
    expect(table.rows[0]).toEqual({ t_soil_c: 7, m: 96.59, a: 11.28 });
    expect(table.rows.find((r) => r.t_soil_c === 20)).toEqual({ t_soil_c: 20, m: 89.87, a: 35.29 });
    expect(table.rows.at(-1)).toEqual({ t_soil_c: 40, m: 86.19, a: 48.25 });
    expect(value('puro-2025', 't_soil_floor_c')).toBe(7);
  });

  it("hold Isometric's a, b, c with its cap and floor, and the Woolf bands of Rainbow", () => {
    expect(['durable_a', 'durable_b', 'durable_c', 'durable_cap', 't_soil_floor_c'].map((k) => value('isometric-1.3', k))).toEqual([
      -0.383, 0.35, -0.048, 0.95, 7,
    ]);
    const bands = tableOf(book('rainbow-1.0'), 'persistence_bands')!;
    expect(bands.rows.map((r) => [r.c, r.m])).toEqual([
      [1.13, 0.46],
      [1.1, 0.59],
      [1.04, 0.64],
      [1.01, 0.65],
      [0.98, 0.66],
    ]);
  });

  it("hold VM0044's Tables 3 and 4 and the low-tech methane default 0.049 t CH4/t × GWP 28", () => {
    const table3 = tableOf(book('vm0044-1.2'), 'persistence_table_3')!;
    expect(table3.rows.map((r) => r.pr_de)).toEqual([0.89, 0.8, 0.65, 0.56]);
    const table4 = tableOf(book('vm0044-1.2'), 'fc_defaults_table_4')!;
    expect(table4.rows.find((r) => r.feedstock === 'wood')).toEqual({ feedstock: 'wood', pyrolysis: 0.77, gasification: 0.52 });
    expect([value('vm0044-1.2', 'low_tech_methane_fe'), value('vm0044-1.2', 'gwp_ch4')]).toEqual([0.049, 28]);
  });

  it("hold CSI's split at H/C_org 0.40, its SPC decay and its margin of safety", () => {
    const classes = tableOf(book('csi-global-3.3'), 'persistence_classes')!;
    expect(classes.rows.map((r) => [r.gpc_pct, r.spc_pct])).toEqual([
      [0, 100],
      [75, 25],
      [90, 10],
    ]);
    expect(['spc_decay_a1', 'spc_decay_k1', 'spc_decay_a2', 'spc_decay_k2'].map((k) => value('csi-global-3.3', k))).toEqual([
      0.1787, 0.5337, 0.8237, 0.00997,
    ]);
    expect(value('csi-global-3.3', 'margin_of_safety')).toBe(20);
  });

  it("keep the spec's default carbon removal factor of 2.44 as its own text", () => {
    expect(constantOf(book('spec-factor'), 'carbon_removal_factor_default')).toMatchObject({ value: 2.44, tag: 'P' });
  });
});

describe('a broken rulebook', () => {
  const puroFile = 'puro-2025.v1.yaml';
  const puro = () => parse(fs.readFileSync(path.join(METHODOLOGIES_DIR, puroFile), 'utf8')) as Record<string, unknown>;
  const refusal = (text: string, name = puroFile): RulebookFileError => {
    try {
      readRulebook(name, Buffer.from(text));
    } catch (err) {
      if (err instanceof RulebookFileError) return err;
      throw err;
    }
    throw new Error('accepted');
  };

  it('is refused naming the file and the field', () => {
    const book = puro();
    const constants = book.constants as Record<string, unknown>[];
    constants[2] = { ...constants[2], tag: 'X' };
    delete constants[3].source;
    const err = refusal(stringify(book));
    expect(err.message).toMatch(/^Rulebook puro-2025\.v1\.yaml: /);
    expect(err.problems).toEqual([
      { field: 'constants/2/tag', reason: 'must be one of P, S, C, U' },
      { field: 'constants/3/source', reason: 'is missing' },
    ]);
  });

  it('is refused when incomplete, when a confirmed value is left out, or when a row lacks a column', () => {
    const book = puro();
    delete book.effective_from;
    (book.constants as Record<string, unknown>[])[0].value = null;
    const table = (book.tables as { rows: Record<string, unknown>[] }[])[0];
    delete table.rows[4].a;
    expect(refusal(stringify(book)).problems.map((p) => p.field)).toEqual(['effective_from', 'constants/0/value', 'tables/0/rows/4/a']);
  });

  it('is refused when a key repeats, a field is unknown, or a gate compares a number with a text', () => {
    const book = puro();
    const gates = book.gates as Record<string, unknown>[];
    gates[1] = { ...gates[1], key: 'h_c_org' };
    gates[0] = { ...gates[0], threshold: 'low', colour: 'red' };
    expect(refusal(stringify(book)).problems).toEqual([
      { field: 'gates/0/colour', reason: 'is not a field of a rulebook here' },
      { field: 'gates/0/threshold', reason: 'must be a number for <' },
      { field: 'gates/1/key', reason: 'repeats the key h_c_org of gates/0' },
    ]);
  });

  it('is refused when its name does not match its id and version, or it is not YAML', () => {
    const text = fs.readFileSync(path.join(METHODOLOGIES_DIR, puroFile), 'utf8');
    expect(refusal(text, 'puro-2025.v2.yaml').problems).toEqual([
      { field: 'id', reason: "and version must match the file's name: puro-2025.v1.yaml" },
    ]);
    expect(refusal('id: [unclosed').message).toMatch(/^Rulebook puro-2025\.v1\.yaml: is not YAML/);
  });

  it('stops loading its folder, which names the file; a later version must take effect after the one before', () => {
    const dir = fs.mkdtempSync(path.join(scratch, 'dir-'));
    const text = fs.readFileSync(path.join(METHODOLOGIES_DIR, puroFile), 'utf8');
    fs.writeFileSync(path.join(dir, puroFile), text);
    fs.writeFileSync(path.join(dir, 'puro-2025.v2.yaml'), text.replace('version: 1', 'version: 2'));
    expect(() => loadRulebooks(dir)).toThrow(/puro-2025\.v2\.yaml: effective_from must be after version 1's \(2026-12-03\)/);
    fs.writeFileSync(path.join(dir, 'puro-2025.v2.yaml'), text.replace('version: 1', 'version: 2').replace("'2026-12-03'", 'soon'));
    expect(() => loadRulebooks(dir)).toThrow(/puro-2025\.v2\.yaml: effective_from must be a date/);
    fs.writeFileSync(path.join(dir, 'puro-2025.v2.yaml'), text.replace('version: 1', 'version: 2').replace('2026-12-03', '2027-01-01'));
    expect(loadRulebooks(dir).map((b) => b.version)).toEqual([1, 2]);
  });
});
