/**
 * A methodology's rulebook (issue 44): its constants, tables and gates as
 * data, each with its source and confidence tag, never literals in code. This
 * checks a parsed rulebook file against the shape of openapi.yaml's
 * Methodology (less the sha256 the loader adds) and the rules the shape
 * cannot say: keys unique within a rulebook, a value left out only where no
 * source gives one (tag C or U, with a note saying why), every table row
 * holding exactly its columns. Pure: the server's loader and the verifier
 * read files, this reads values.
 */
import type {
  ConfidenceTag,
  Methodology,
  MethodologyConstant,
  MethodologyGate,
  MethodologySource,
  MethodologyTable,
  MethodologyValue,
} from '../api/methodologies';
import { isCalendarDate } from '../validation';

export type Rulebook = Omit<Methodology, 'sha256'>;

export const CONFIDENCE_TAGS: readonly ConfidenceTag[] = ['P', 'S', 'C', 'U'];
/** the tags under which a value may be null: sources disagree, or none confirms one */
export const UNSETTLED_TAGS: readonly ConfidenceTag[] = ['C', 'U'];
export const COMPARISONS: readonly MethodologyGate['comparison'][] = ['<', '<=', '>', '>=', '==', 'in', 'not_in'];
/** What a lookup does with a value below or above a table's range: take the first row (floor), the last (cap), give no figure (refuse), or nothing, the range being open there (open). */
export const OUT_OF_RANGE_RULES = ['floor', 'cap', 'refuse', 'open'] as const;
export type OutOfRangeRule = (typeof OUT_OF_RANGE_RULES)[number];

const ID = /^[a-z0-9]+(?:[.-][a-z0-9]+)*$/;
const KEY = /^[a-z][a-z0-9_]*$/;

/** One thing wrong with a rulebook: the field's path (`constants/3/tag`) and why. */
export interface RulebookProblem {
  field: string;
  reason: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isValue = (value: unknown): value is MethodologyValue =>
  value === null ||
  (typeof value === 'number' && Number.isFinite(value)) ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (Array.isArray(value) && value.every((item) => typeof item === 'string'));

/**
 * Collects the problems of one rulebook, each under its field's path. A
 * field left out is named once, by the mapping that requires it: the checks
 * of its value pass over undefined.
 */
class Checker {
  readonly problems: RulebookProblem[] = [];

  fail(field: string, reason: string): void {
    this.problems.push({ field, reason });
  }

  /** the object at `field` with exactly the allowed keys (the required ones present), or null */
  object(value: unknown, field: string, required: readonly string[], optional: readonly string[] = []): Json | null {
    if (value === undefined && field !== '') return null;
    if (!isObject(value)) {
      this.fail(field, 'must be a mapping');
      return null;
    }
    for (const key of required) if (!(key in value)) this.fail(join(field, key), 'is missing');
    for (const key of Object.keys(value))
      if (!required.includes(key) && !optional.includes(key)) this.fail(join(field, key), 'is not a field of a rulebook here');
    return value;
  }

  /** a text that is not empty, where given */
  text(value: unknown, field: string): void {
    if (value !== undefined && !isText(value)) this.fail(field, 'must be a text that is not empty');
  }

  key(value: unknown, field: string): void {
    if (value !== undefined && (typeof value !== 'string' || !KEY.test(value)))
      this.fail(field, 'must be a key of lowercase letters, digits and _');
  }

  /** the list at `field`; a missing one was named by object() */
  list(value: unknown, field: string, nonEmpty = false): unknown[] {
    if (value === undefined) return [];
    if (!Array.isArray(value)) {
      this.fail(field, 'must be a list');
      return [];
    }
    if (nonEmpty && value.length === 0) this.fail(field, 'must not be empty');
    return value;
  }

  source(value: unknown, field: string): void {
    const source = this.object(value, field, ['document', 'version', 'section'], ['via']);
    if (!source) return;
    for (const key of ['document', 'version', 'section', 'via'] as const) this.text(source[key], join(field, key));
  }

  /** tag among P/S/C/U; a note required for C and U (what is unsettled); a null value allowed only for C and U */
  tagged(entry: Json, field: string, valueKey: 'value' | 'threshold' | null): void {
    const tag = entry.tag;
    if (tag !== undefined && !CONFIDENCE_TAGS.includes(tag as ConfidenceTag))
      this.fail(join(field, 'tag'), `must be one of ${CONFIDENCE_TAGS.join(', ')}`);
    this.text(entry.note, join(field, 'note'));
    if (UNSETTLED_TAGS.includes(tag as ConfidenceTag) && entry.note === undefined)
      this.fail(join(field, 'note'), 'is missing: a value tagged C or U says why');
    if (valueKey === null || !(valueKey in entry)) return;
    const value = entry[valueKey];
    if (!isValue(value)) this.fail(join(field, valueKey), 'must be a number, a text, true or false, a list of texts, or null');
    else if (value === null && !UNSETTLED_TAGS.includes(tag as ConfidenceTag))
      this.fail(join(field, valueKey), 'may be null only for a value tagged C or U (no source settles it)');
  }
}

const join = (field: string, key: string | number) => (field ? `${field}/${key}` : String(key));

const ENTRY_FIELDS = ['source', 'tag'] as const;

function checkConstant(c: Checker, value: unknown, field: string): void {
  const constant = c.object(value, field, ['key', 'name', 'value', 'unit', ...ENTRY_FIELDS], ['note']);
  if (!constant) return;
  c.key(constant.key, join(field, 'key'));
  c.text(constant.name, join(field, 'name'));
  c.text(constant.unit, join(field, 'unit'));
  c.source(constant.source, join(field, 'source'));
  c.tagged(constant, field, 'value');
}

function checkTable(c: Checker, value: unknown, field: string): void {
  const table = c.object(value, field, ['key', 'name', 'columns', 'rows', ...ENTRY_FIELDS], ['note', 'out_of_range']);
  if (!table) return;
  const range = c.object(table.out_of_range, join(field, 'out_of_range'), ['below', 'above']);
  if (range) {
    for (const [end, allowed] of [
      ['below', ['floor', 'refuse', 'open']],
      ['above', ['cap', 'refuse', 'open']],
    ] as const)
      if (end in range && !(allowed as readonly unknown[]).includes(range[end]))
        c.fail(join(join(field, 'out_of_range'), end), `must be one of ${allowed.join(', ')}`);
  }
  c.key(table.key, join(field, 'key'));
  c.text(table.name, join(field, 'name'));
  c.source(table.source, join(field, 'source'));
  c.tagged(table, field, null);
  const columns: string[] = [];
  c.list(table.columns, join(field, 'columns'), true).forEach((column, i) => {
    const at = join(join(field, 'columns'), i);
    const col = c.object(column, at, ['key', 'name', 'unit']);
    if (!col) return;
    c.key(col.key, join(at, 'key'));
    c.text(col.name, join(at, 'name'));
    c.text(col.unit, join(at, 'unit'));
    if (typeof col.key === 'string') {
      if (columns.includes(col.key)) c.fail(join(at, 'key'), `repeats the column ${col.key}`);
      columns.push(col.key);
    }
  });
  c.list(table.rows, join(field, 'rows'), true).forEach((row, i) => {
    const at = join(join(field, 'rows'), i);
    const cells = c.object(row, at, columns);
    if (!cells) return;
    for (const key of columns) {
      const cell = cells[key];
      if (key in cells && !(cell === null || typeof cell === 'string' || (typeof cell === 'number' && Number.isFinite(cell))))
        c.fail(join(at, key), 'must be a number, a text or null');
    }
  });
}

function checkGate(c: Checker, value: unknown, field: string): void {
  const gate = c.object(value, field, ['key', 'name', 'input', 'comparison', 'threshold', 'unit', ...ENTRY_FIELDS], ['note']);
  if (!gate) return;
  c.key(gate.key, join(field, 'key'));
  c.text(gate.name, join(field, 'name'));
  c.key(gate.input, join(field, 'input'));
  c.text(gate.unit, join(field, 'unit'));
  c.source(gate.source, join(field, 'source'));
  c.tagged(gate, field, 'threshold');
  const comparison = gate.comparison as MethodologyGate['comparison'];
  if (!COMPARISONS.includes(comparison)) {
    c.fail(join(field, 'comparison'), `must be one of ${COMPARISONS.join(', ')}`);
    return;
  }
  const threshold = gate.threshold;
  if (threshold === null) return;
  const ordering = comparison === '<' || comparison === '<=' || comparison === '>' || comparison === '>=';
  const membership = comparison === 'in' || comparison === 'not_in';
  if (ordering && typeof threshold !== 'number') c.fail(join(field, 'threshold'), `must be a number for ${comparison}`);
  if (membership && !Array.isArray(threshold)) c.fail(join(field, 'threshold'), `must be a list of texts for ${comparison}`);
  if (comparison === '==' && Array.isArray(threshold)) c.fail(join(field, 'threshold'), 'must be a single value for ==');
}

/**
 * The problems of a parsed rulebook file, in the order met; none: it is a
 * Rulebook. Every problem names its field by path.
 */
export function rulebookProblems(value: unknown): RulebookProblem[] {
  const c = new Checker();
  const book = c.object(value, '', ['id', 'name', 'version', 'effective_from', 'constants', 'tables', 'gates'], ['note']);
  if (!book) return c.problems;
  if (book.id !== undefined && (typeof book.id !== 'string' || !ID.test(book.id)))
    c.fail('id', 'must be lowercase letters and digits joined by . or -');
  c.text(book.name, 'name');
  if (book.version !== undefined && (!Number.isSafeInteger(book.version) || (book.version as number) < 1))
    c.fail('version', 'must be a whole number from 1');
  if (book.effective_from !== undefined && !isCalendarDate(book.effective_from))
    c.fail('effective_from', "must be a date written 'YYYY-MM-DD' (quoted)");
  c.text(book.note, 'note');
  c.list(book.constants, 'constants').forEach((constant, i) => checkConstant(c, constant, `constants/${i}`));
  c.list(book.tables, 'tables').forEach((table, i) => checkTable(c, table, `tables/${i}`));
  c.list(book.gates, 'gates').forEach((gate, i) => checkGate(c, gate, `gates/${i}`));
  // a computation names an entry by its key: one entry a key across constants, tables and gates
  const seen = new Map<string, string>();
  for (const part of ['constants', 'tables', 'gates'] as const) {
    const entries = Array.isArray(book[part]) ? (book[part] as unknown[]) : [];
    entries.forEach((entry, i) => {
      const key = isObject(entry) ? entry.key : undefined;
      if (typeof key !== 'string') return;
      const first = seen.get(key);
      if (first) c.fail(`${part}/${i}/key`, `repeats the key ${key} of ${first}`);
      else seen.set(key, `${part}/${i}`);
    });
  }
  return c.problems;
}

export const isRulebook = (value: unknown): value is Rulebook => rulebookProblems(value).length === 0;

/** The constant of a rulebook by key; undefined when it has none. */
export const constantOf = (book: Rulebook, key: string): MethodologyConstant | undefined => book.constants.find((c) => c.key === key);
export const tableOf = (book: Rulebook, key: string): MethodologyTable | undefined => book.tables.find((t) => t.key === key);
export const gateOf = (book: Rulebook, key: string): MethodologyGate | undefined => book.gates.find((g) => g.key === key);

/** every source of a rulebook, with the path of the entry it belongs to */
export const sourcesOf = (book: Rulebook): { field: string; source: MethodologySource; tag: ConfidenceTag }[] => [
  ...book.constants.map((e, i) => ({ field: `constants/${i}`, source: e.source, tag: e.tag })),
  ...book.tables.map((e, i) => ({ field: `tables/${i}`, source: e.source, tag: e.tag })),
  ...book.gates.map((e, i) => ({ field: `gates/${i}`, source: e.source, tag: e.tag })),
];
