import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every API call of the console goes through the one typed client
 * (src/providers/apiClient.ts): its answer has the type mock-server/openapi.yaml
 * gives it, so no provider file asserts one of its own.
 */
const PROVIDERS = path.join(import.meta.dirname, '../../../src/providers');

const FORBIDDEN: [string, RegExp][] = [
  ['the old contract-typed call', /\bcallApi\b/],
  ['the old answer type', /\bContractAnswer\b/],
  ['an answer typed by its caller', /\bgetJson\b/],
  ['a cast on a fetchJson answer', /\.json\)?\s+as\s/],
  ['a cast on a fetchJson answer', /\bjson\s+as\s/],
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the typed API client', () => {
  it('is the only way src/providers reads an answer: no old helper, no cast on an answer', () => {
    const files = sources(PROVIDERS);
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return FORBIDDEN.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${path.basename(file)}: ${what}`);
    });
    expect(found).toEqual([]);
  });

  it('is created in one module of src/providers', () => {
    const creating = sources(PROVIDERS).filter((file) => /from 'openapi-fetch'/.test(fs.readFileSync(file, 'utf8')));
    expect(creating.map((file) => path.basename(file))).toEqual(['apiClient.ts']);
  });
});
