import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { Methodology } from '../../src/domain/api/methodologies';
import { computationProblems } from '../../src/domain/methodologies/families';
import { rulebookProblems, type Rulebook } from '../../src/domain/methodologies/rulebook';
import { PROJECT_ROOT } from '../projectRoot';

/**
 * The methodologies' rulebooks (docs/decisions.md, "Rulebooks as data"): one
 * YAML file per methodology version, `<id>.v<version>.yaml` in this folder,
 * read and checked once at start; a file that fails stops the start naming
 * the file and the field, as does one lacking a constant or table its
 * computation reads (src/domain/methodologies/families.ts). Each is answered with the SHA-256 of its exact
 * bytes, which an audit signed under it freezes.
 */

export const METHODOLOGIES_DIR = path.join(PROJECT_ROOT, 'mock-server', 'methodologies');

const FILE_NAME = /^(?<id>.+)\.v(?<version>[1-9][0-9]*)\.yaml$/;

/** A rulebook file refused: which file, and each field with its reason. */
export class RulebookFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: { field: string; reason: string }[],
  ) {
    super(`Rulebook ${file}: ${problems.map((p) => (p.field ? `${p.field} ${p.reason}` : p.reason)).join('; ')}`);
    this.name = 'RulebookFileError';
  }
}

/** One rulebook file's bytes read as a Methodology; throws RulebookFileError naming the file (`name`, as shown) and the field. */
export function readRulebook(name: string, bytes: Buffer): Methodology {
  let parsed: unknown;
  try {
    parsed = parse(bytes.toString('utf8'), { uniqueKeys: true });
  } catch (err) {
    throw new RulebookFileError(name, [{ field: '', reason: `is not YAML: ${err instanceof Error ? err.message : String(err)}` }]);
  }
  const problems = rulebookProblems(parsed);
  if (problems.length === 0) problems.push(...computationProblems(parsed as Rulebook));
  if (problems.length > 0) throw new RulebookFileError(name, problems);
  const book = parsed as Rulebook;
  const expected = `${book.id}.v${book.version}.yaml`;
  if (path.basename(name) !== expected)
    throw new RulebookFileError(name, [{ field: 'id', reason: `and version must match the file's name: ${expected}` }]);
  return { ...book, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * Every rulebook of a folder, ordered by id then version. Refused (the start
 * stops): a file that fails its check, a name not `<id>.v<version>.yaml`, or
 * a later version of a methodology not effective after the one before it.
 */
export function loadRulebooks(dir = METHODOLOGIES_DIR): Methodology[] {
  const shown = (file: string) => path.relative(PROJECT_ROOT, path.join(dir, file)) || file;
  const files = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.yaml'))
    .sort();
  const books = files.map((file) => {
    if (!FILE_NAME.test(file)) throw new RulebookFileError(shown(file), [{ field: '', reason: 'must be named <id>.v<version>.yaml' }]);
    return readRulebook(shown(file), fs.readFileSync(path.join(dir, file)));
  });
  books.sort((a, b) => (a.id === b.id ? a.version - b.version : a.id < b.id ? -1 : 1));
  books.forEach((book, i) => {
    const before = books[i - 1];
    if (before?.id === book.id && before.effective_from >= book.effective_from)
      throw new RulebookFileError(shown(`${book.id}.v${book.version}.yaml`), [
        { field: 'effective_from', reason: `must be after version ${before.version}'s (${before.effective_from})` },
      ]);
  });
  if (books.length === 0) throw new RulebookFileError(shown('.'), [{ field: '', reason: 'holds no rulebook (<id>.v<version>.yaml)' }]);
  return books;
}
