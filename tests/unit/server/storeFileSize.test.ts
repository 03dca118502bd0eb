import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The store stays split by area (docs/store.md): no source file of it grows past this many lines. */
const MAX_LINES = 300;
const STORE_DIR = fileURLToPath(new URL('../../../mock-server/store', import.meta.url));

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

const lineCount = (file: string) => fs.readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length;

describe('mock-server/store', () => {
  it(`has no .ts file over ${MAX_LINES} lines`, () => {
    const files = tsFiles(STORE_DIR);
    expect(files.length).toBeGreaterThan(0);
    const tooLong = files
      .filter((file) => lineCount(file) > MAX_LINES)
      .map((file) => `${path.relative(STORE_DIR, file)}: ${lineCount(file)} lines`);
    expect(tooLong).toEqual([]);
  });
});
