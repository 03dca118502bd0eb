import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every write of the console goes through forms/useFormSave.ts (issue 24: one write
 * path, one outcome policy): no component outside src/forms and src/providers runs a
 * mutation of its own with TanStack's useMutation or react-admin's useUpdate/useCreate.
 */
const SRC = fileURLToPath(new URL('../../../src/', import.meta.url));
const SHELL = /^(forms|providers)\//;
const OWN_MUTATION = /\buse(Mutation|Update|Create)\s*[<(]/;

/**
 * Mutations that are no form's write: the kiln-log commands and downloads, one click
 * without entries (useLogCommand, docs/decisions.md), and a key pair generated in the
 * browser (the kiln keys dialog; no server call).
 */
const OTHER_KINDS = ['kiln-logs/useLogCommand.ts', 'kilns/KilnKeysDialog.tsx'];

const sources = (fs.readdirSync(SRC, { recursive: true, encoding: 'utf8' }) as string[])
  .map((name) => name.split('\\').join('/'))
  .filter((name) => /\.tsx?$/.test(name) && !SHELL.test(name));

describe('the one write path', () => {
  it('has no component running a mutation of its own', () => {
    expect(sources.length).toBeGreaterThan(50);
    const own = sources.filter((name) => OWN_MUTATION.test(fs.readFileSync(SRC + name, 'utf8')));
    expect(own.sort()).toEqual(OTHER_KINDS);
  });
});
