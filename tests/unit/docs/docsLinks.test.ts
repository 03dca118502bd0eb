import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commentRanges } from '../../../tools/comments.mjs';

/**
 * docs/ matches the tree, and comments cite what a reader can open: every repository path
 * the docs and the README name exists, every `docs/<file>.md#<heading>` cited from the code
 * leads to a heading, and no comment cites a document kept outside the repository (the
 * specification and the design, analysis and stack notes it came with, by section or by
 * name); docs/ restates what the code relies on, and `node tools/cite-docs.mjs` turns such
 * citations into links to it.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CODE_FOLDERS = ['src', 'mock-server', 'tests'];
const CODE_EXTENSIONS = new Set(['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.yaml', '.yml', '.sql']);
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'reports', '.stryker-tmp']);

const read = (rel: string): string => fs.readFileSync(path.join(ROOT, rel), 'utf8');
const exists = (rel: string): boolean => fs.existsSync(path.join(ROOT, rel));

function filesUnder(rel: string, extensions: Set<string>): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const child = `${rel}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesUnder(child, extensions));
    else if (extensions.has(path.extname(entry.name))) out.push(child);
  }
  return out;
}

const docFiles = (): string[] => ['README.md', ...filesUnder('docs', new Set(['.md']))];
const codeFiles = (): string[] => CODE_FOLDERS.flatMap((folder) => filesUnder(folder, CODE_EXTENSIONS));

const SOURCE_EXTENSIONS = new Set([...CODE_EXTENSIONS, '.md', '.json', '.html', '.csv', '.txt']);
let repoFiles: string[] | undefined;
/** Every file of the repository's own folders, for names given relative to a folder (`store/commit.ts`). */
function allFiles(): string[] {
  repoFiles ??= [
    ...fs.readdirSync(ROOT).filter((name) => fs.statSync(path.join(ROOT, name)).isFile()),
    ...[...CODE_FOLDERS, 'docs', 'tools', '.ci'].filter(exists).flatMap((folder) => filesUnder(folder, SOURCE_EXTENSIONS)),
  ];
  return repoFiles;
}
/** Files made at run time or by a command, named in the docs but not kept in the repository. */
const MADE_AT_RUN_TIME = /^(?:DATA_DIR\/|reports\/|audit-packages\/|logs\/)|^(?:db|manifest|summary)\.json$|^README\.txt$/;

/** The lines of a Markdown text outside fenced code blocks. */
function proseLines(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings, repeated ones numbered as GitHub does. */
function anchorsOf(rel: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of proseLines(read(rel))) {
    const m = line.match(/^#{1,6}\s+(.*?)\s*#*\s*$/);
    if (!m) continue;
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string>>();
function hasAnchor(rel: string, anchor: string): boolean {
  if (!anchorCache.has(rel)) anchorCache.set(rel, anchorsOf(rel));
  return anchorCache.get(rel)?.has(anchor) ?? false;
}

/** Repository paths a Markdown file names: in links, and as `src/…`, `docs/…` and the like. */
function namedPaths(rel: string): Array<{ line: number; target: string }> {
  const out: Array<{ line: number; target: string }> = [];
  const dir = path.posix.dirname(rel);
  proseLines(read(rel)).forEach((text, i) => {
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const link = m[1];
      if (/^(https?:|mailto:|#)/.test(link)) continue;
      const [file, anchor] = link.split('#');
      const target = path.posix.normalize(path.posix.join(dir, file));
      out.push({ line: i + 1, target: anchor ? `${target}#${anchor}` : target });
    }
    for (const m of text.matchAll(/(?<![\w./@-])((?:src|mock-server|tests|docs|tools|public|\.ci)\/[\w./@#[\]-]*)/g)) {
      const after = text[(m.index ?? 0) + m[0].length] ?? '';
      if ('{*<…'.includes(after) && after !== '') continue;
      const target = m[1].replace(/[.,:;]+$/, '');
      out.push({ line: i + 1, target });
    }
  });
  return out;
}

/** A file named by part of its path (`store/commit.ts`, `phases.ts`) that no repository file ends with. */
function missingRelative(name: string): boolean {
  if (MADE_AT_RUN_TIME.test(name) || exists(name)) return false;
  return !allFiles().some((file) => file === name || file.endsWith(`/${name}`));
}

function missingTarget(target: string): boolean {
  const [file, anchor] = target.split('#');
  if (!exists(file)) return true;
  return Boolean(anchor) && file.endsWith('.md') && !hasAnchor(file, anchor);
}

/** Each comment of the code with the file and line it starts on. */
function comments(rel: string): Array<{ line: number; text: string }> {
  const src = read(rel);
  return commentRanges(src, path.extname(rel)).map(([start, end]) => ({
    line: src.slice(0, start).split('\n').length,
    text: src.slice(start, end),
  }));
}

const SPEC_TITLES = [
  'What the product does and for whom',
  'Screens and routes',
  'Entities and their fields',
  'States and transitions',
  'Validation rules',
  'Roles and permissions',
  'The calls it makes',
  'The error catalogue',
  'Business constants and limits',
];

/** Citations of documents that are not in the repository. */
const OUTSIDE: RegExp[] = [
  /\b[Ss]pec(?:'s|ification)?\b[\s*/#:,(-]*(?:§|[Ss]ections?\s+[0-9]|[Ss]ec\.\s?[0-9])/,
  new RegExp(String.raw`\b[Ss]pec(?:'s|ification)?\b[\s*/#:,-]*["“'](?:${SPEC_TITLES.join('|')})`),
  /\bDESIGN(?:\.md)?\b/,
  /\bANALYSIS(?:\.md\b|\s*§)/,
  /\b(?:STACK|STYLE)\.md\b/,
  /kiln-console-spec/,
  /\.\.\/shared\b|\/work\/shared\b|\bshared\/(?:spec|DESIGN|ANALYSIS|STACK|STYLE|reviews)\b/,
];
/** A section sign with no document named; standards (RFC, ISO) are cited by their own numbers. */
const BARE_SECTION = /(?<![\w.])§\s?[0-9]/;
const STANDARD = /\b(?:RFC|ISO)\b/;
const citesOutside = (line: string): boolean => OUTSIDE.some((re) => re.test(line)) || (BARE_SECTION.test(line) && !STANDARD.test(line));

describe('docs/ and the README', () => {
  it('name only repository paths and headings that exist', () => {
    const missing = docFiles().flatMap((rel) =>
      namedPaths(rel)
        .filter(({ target }) => missingTarget(target))
        .map(({ line, target }) => `${rel}:${line}: ${target}`),
    );
    expect(missing).toEqual([]);
  });

  it('name files by part of their path only when such a file exists', () => {
    const missing = docFiles().flatMap((rel) =>
      proseLines(read(rel)).flatMap((text, i) =>
        [...text.matchAll(/`([A-Za-z][\w./-]*\.(?:tsx?|mjs|js|json|ya?ml|sql|md))`/g)]
          .map((m) => m[1])
          .filter(missingRelative)
          .map((name) => `${rel}:${i + 1}: ${name}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('cite no document outside the repository (run `node tools/cite-docs.mjs`)', () => {
    const outside = docFiles().flatMap((rel) =>
      proseLines(read(rel))
        .map((text, i) => ({ text, line: i + 1 }))
        .filter(({ text }) => citesOutside(text))
        .map(({ line, text }) => `${rel}:${line}: ${text.trim()}`),
    );
    expect(outside).toEqual([]);
  });

  it('do not say that something built is not built yet', () => {
    const stale = docFiles().flatMap((rel) =>
      proseLines(read(rel))
        .map((text, i) => ({ text, line: i + 1 }))
        .filter(({ text }) => /not (?:yet )?built(?: yet)?\b|\bnot yet implemented\b/i.test(text))
        .map(({ line, text }) => `${rel}:${line}: ${text.trim()}`),
    );
    expect(stale).toEqual([]);
  });
});

describe('comments in src/, mock-server/ and tests/', () => {
  it('cite docs/ files and headings that exist', () => {
    const broken = codeFiles().flatMap((rel) =>
      comments(rel).flatMap(({ line, text }) =>
        [...text.matchAll(/\bdocs\/([\w.-]+\.md)(?:#([\w-]+))?/g)]
          .filter((m) => missingTarget(m[2] ? `docs/${m[1]}#${m[2]}` : `docs/${m[1]}`))
          .map((m) => `${rel}:${line}: ${m[0]}`),
      ),
    );
    expect(broken).toEqual([]);
  });

  it('cite no document outside the repository (run `node tools/cite-docs.mjs`)', () => {
    const outside = codeFiles().flatMap((rel) =>
      comments(rel).flatMap(({ line, text }) =>
        text
          .split('\n')
          .map((l, i) => ({ l, at: line + i }))
          .filter(({ l }) => citesOutside(l))
          .map(({ l, at }) => `${rel}:${at}: ${l.trim()}`),
      ),
    );
    expect(outside).toEqual([]);
  });
});

describe('the anchors the links rely on', () => {
  it('are GitHub slugs of the headings', () => {
    expect(slug('Phases, algorithm 2.1.0')).toBe('phases-algorithm-210');
    expect(slug('Calls beyond the specification')).toBe('calls-beyond-the-specification');
    expect(slug('Log and analysis row')).toBe('log-and-analysis-row');
  });
});
