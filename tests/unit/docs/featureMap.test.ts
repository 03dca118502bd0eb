import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md's feature map stays true: every operation of the API
 * contract is named under exactly one feature, it names no operation the
 * contract lacks, and both of its tables list the same features (the files
 * it names are checked to exist by docsLinks.test.ts).
 */

const read = (rel: string) => fs.readFileSync(new URL(`../../../${rel}`, import.meta.url), 'utf8');

/** The tables of a Markdown section, each as its rows of cells, header and rule left out. */
function tablesOf(markdown: string, heading: string): string[][][] {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const end = markdown.indexOf('\n## ', start + 1);
  const tables: string[][][] = [];
  let rows: string[][] | null = null;
  for (const line of markdown.slice(start, end < 0 ? undefined : end).split('\n')) {
    if (!line.startsWith('|')) {
      rows = null;
      continue;
    }
    const cells = line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
    if (rows === null) tables.push((rows = []));
    else if (!cells.every((cell) => /^-+$/.test(cell))) rows.push(cells);
  }
  return tables;
}

const operationIds = [...read('mock-server/openapi.yaml').matchAll(/^\s+operationId:\s*(\w+)\s*$/gm)].map((m) => m[1]);
const [files, operations] = tablesOf(read('docs/architecture.md'), 'Feature map');

describe("the architecture's feature map", () => {
  it('has a table of files and a table of operations', () => {
    expect(files.length).toBeGreaterThan(5);
    expect(operations.length).toBeGreaterThan(5);
    expect(operationIds.length).toBeGreaterThan(50);
  });

  it('names every operationId of openapi.yaml once, and nothing else', () => {
    const named = operations.flatMap(([, cell]) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]));
    expect(named.filter((id, i) => named.indexOf(id) !== i)).toEqual([]);
    expect(named.filter((id) => !operationIds.includes(id))).toEqual([]);
    expect(operationIds.filter((id) => !named.includes(id))).toEqual([]);
  });

  it('lists the same features in both tables, in the same order', () => {
    const featuresOf = (rows: string[][]) => rows.map(([feature]) => feature).filter(Boolean);
    expect(featuresOf(operations)).toEqual(featuresOf(files));
  });
});
