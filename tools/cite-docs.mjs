#!/usr/bin/env node
// Rewrites the comments of src/, mock-server/ and tests/ (and the prose of docs/ and the
// README) that cite documents outside the repository (the product specification, DESIGN.md, ANALYSIS.md, STACK.md, ../shared/…)
// into links to the docs/ headings that restate them: `spec §4 Kiln form` becomes
// `docs/product.md#modals`. Only comments change (and the prose of YAML files, whose
// descriptions are copied into src/domain/api/generated.ts); running it twice changes
// nothing. Plain Node, no dependencies:
//
//   node tools/cite-docs.mjs          rewrite, and print what changed per file
//   node tools/cite-docs.mjs --check  rewrite nothing; exit 1 when something would change

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commentRanges } from './comments.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['src', 'mock-server', 'tests'];
/** Markdown whose prose is rewritten too, into Markdown links. */
const MARKDOWN = ['README.md', 'docs'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'reports', '.stryker-tmp']);
const EXTENSIONS = new Set(['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.yaml', '.yml', '.sql']);

const PRODUCT = 'docs/product.md';
const ROLES = 'docs/roles.md';
const ANALYSIS = 'docs/analysis.md';
const STACK = 'docs/stack.md';

// ---------------------------------------------------------------------------------------------
// The mapping table. Each outside document has numbered sections; each section has a target
// heading, the titles it is cited by, and the sub-titles (quoted or not) that narrow it down.
// `hints` pick a narrower heading from the words of the cited line when no sub-title is given.

/** @typedef {{target: string, titles: string[], subs?: [string, string][], hints?: [RegExp, string][]}} Section */

/** The product specification (kiln-console-spec.md), restated in docs/product.md and docs/roles.md. */
const SPEC = {
  1: { target: `${PRODUCT}#what-the-product-does`, titles: ['What the product does and for whom', 'What the product does'] },
  2: {
    target: `${PRODUCT}#screens-and-routes`,
    titles: ['Screens and routes'],
    subs: [
      ['Menu', 'menu'],
      ['App shell', 'app-shell'],
      ['Login', 'login-screen'],
      ['Home', 'home-screen'],
      ['Kiln Registry', 'kiln-registry'],
      ['Config fields', 'kiln-registry'],
      ['Facilities page', 'facilities-page'],
      ['Facilities', 'facilities-page'],
      ['Propose Audit', 'propose-audit'],
      ['Review Proposed Logs', 'review-proposed-logs'],
      ['Audit History', 'audit-history'],
      ['Eco-Asset Broker Review', 'eco-asset-broker-review'],
      ['Eco-Asset Minting', 'eco-asset-minting'],
      ['Audit log table', 'audit-log-table'],
      ['Viewer', 'viewer'],
      ['Profile', 'profile'],
      ['Analysis display per burn', 'analysis-display-per-burn'],
      ['kiln validation widget', 'analysis-display-per-burn'],
    ],
    hints: [
      [/\bmenu\b/i, 'menu'],
      [/Install Date|'Kiln'|Kiln modal/, 'kiln-registry'],
      [/Any\/Unknown/, 'propose-audit'],
      [/Unknown Kiln Type|proposal dropdown|Choose Audit Statement|'Signoff'/, 'review-proposed-logs'],
      [/Audit Evidence|'Audited Logs'|Carbon Stats/, 'audit-history'],
      [/pane|accordion|selection table|selected row/i, 'eco-asset-broker-review'],
      [/Mint Eco Asset/, 'eco-asset-minting'],
      [/paginated/, 'audit-log-table'],
      [/longer than 3|error wins/, 'analysis-display-per-burn'],
      [/\bHome\b/, 'home-screen'],
      [/cookie|dark mode|footer/i, 'app-shell'],
      [/Kiln Registry/, 'kiln-registry'],
      [/Propose Audit/, 'propose-audit'],
      [/Review Proposed Logs|Carbon Removals/, 'review-proposed-logs'],
      [/Audit History/, 'audit-history'],
      [/Broker Review|eco-assets\/review/, 'eco-asset-broker-review'],
      [/Minting|eco-assets\/create/, 'eco-asset-minting'],
      [/audit log table/i, 'audit-log-table'],
      [/viewer|Page N of M/i, 'viewer'],
      [/analysis display|validation widget|chart icon/i, 'analysis-display-per-burn'],
      [/facilit/i, 'facilities-page'],
    ],
  },
  3: {
    target: `${PRODUCT}#entities-and-fields`,
    titles: ['Entities and their fields', 'Entities and fields'],
    subs: [
      ['Login payload', 'login-token'],
      ['Login token claims', 'login-token'],
      ['Login token', 'login-token'],
      ['Role codes', 'login-token'],
      ['Kiln type enumeration', 'kiln-types'],
      ['Kiln registry response', 'kiln-record'],
      ['Kiln', 'kiln-record'],
      ['Facility save payload', 'facility-record'],
      ['Facility list response', 'facility-record'],
      ['Facility dropdown item', 'facility-dropdown-item'],
      ['Facility', 'facility-record'],
      ['Eco asset', 'eco-asset'],
      ['Analysis result', 'analysis-result'],
      ['Chart data', 'chart-data'],
      ['Log/analysis row', 'log-and-analysis-row'],
      ['data_sample', 'log-and-analysis-row'],
      ['Audit allocation', 'audit-allocation'],
      ['Available CO2 response', 'available-co2-response'],
      ['Mint payload', 'mint-payload'],
      ['Photo upload', 'photo-upload'],
      ['Audit upload', 'audit-upload'],
      ['Carbon summary', 'carbon-summary'],
      ['Proposed audit dropdown item', 'proposed-audit-dropdown-item'],
      ['Auditable logs response', 'auditable-logs-response'],
      ['Audit history item', 'audit-history-item'],
    ],
    hints: [
      [/kiln.type (tag|enumeration)|C-Go-1 green/i, 'kiln-types'],
      [/carbon summar/i, 'carbon-summary'],
      [/available[ _]CO2/i, 'available-co2-response'],
      [/analysis result|analysis JSON|figures|'true'|analysis\.ts/i, 'analysis-result'],
      [/eco.asset/i, 'eco-asset'],
      [/thumb|photo/i, 'photo-upload'],
      [/signoff|statement/i, 'audit-upload'],
      [/save payload|facility/i, 'facility-record'],
    ],
  },
  4: {
    target: `${PRODUCT}#states-and-transitions`,
    titles: ['States and transitions'],
    subs: [
      ['Session', 'session'],
      ['Login', 'session'],
      ['Kiln form', 'modals'],
      ['Facility form', 'modals'],
      ['Mint modal', 'modals'],
      ['Audit', 'audit-lifecycle'],
    ],
    hints: [
      [/token|session|log ?in|expire/i, 'session'],
      [/propos|signoff|reset|job id/i, 'audit-lifecycle'],
      [/modal|dialog|form|OK\b/i, 'modals'],
    ],
  },
  5: {
    target: `${PRODUCT}#validation-rules`,
    titles: ['Validation rules'],
    subs: [
      ['Login', 'login-validation'],
      ['Kiln', 'kiln-validation'],
      ['Facility', 'facility-validation'],
      ['Photo upload', 'upload-validation'],
      ['Audit upload and signoff', 'upload-validation'],
      ['Audit upload', 'upload-validation'],
      ['Propose audit', 'proposal-validation'],
      ['Minting', 'minting-validation'],
      ['Password change', 'password-change'],
      ['Medium or better', 'password-change'],
    ],
    hints: [
      [/password|strength/i, 'password-change'],
      [/mint/i, 'minting-validation'],
      [/propos|job id/i, 'proposal-validation'],
      [/upload|thumbnail|png|statement|signoff/i, 'upload-validation'],
      [/kiln id|kiln form|'Kiln'|Kiln modal|kilnValidation|kilnForm|kilns\//i, 'kiln-validation'],
      [/facilit|owner/i, 'facility-validation'],
      [/login/i, 'login-validation'],
      [/audits\//, 'proposal-validation'],
    ],
  },
  6: {
    target: `${ROLES}#what-each-rule-shows`,
    titles: ['Roles and permissions'],
    subs: [
      ['Welcome text by role', 'welcome-sentences'],
      ['Welcome text', 'welcome-sentences'],
      ['Permissions', 'what-each-rule-shows'],
      ['rules', 'what-each-rule-shows'],
    ],
    hints: [
      [/\buid\b|own facilit|facilities they own/i, 'facility-scope'],
      [/sentence|welcome/i, 'welcome-sentences'],
    ],
  },
  7: { target: `${PRODUCT}#calls`, titles: ['The calls it makes', 'Calls'] },
  8: { target: `${PRODUCT}#error-catalogue`, titles: ['The error catalogue', 'Error catalogue'] },
  9: { target: `${PRODUCT}#constants-and-limits`, titles: ['Business constants and limits', 'Constants and limits'] },
};

/** DESIGN.md: the decisions beside the specification. */
const DESIGN = {
  1: { target: `${PRODUCT}#shape-of-the-system`, titles: ['Shape of the system'] },
  2: { target: `${PRODUCT}#calls-beyond-the-specification`, titles: ['Calls the spec does not show'] },
  3: {
    target: `${ROLES}#roles-and-rules`,
    titles: ['Roles and rules'],
    subs: [['Welcome sentences', 'welcome-sentences']],
    hints: [
      [/sentence|welcome/i, 'welcome-sentences'],
      [/credit|pending|approv|GPS box|factor/i, 'numbers-that-credit-a-facility'],
      [/\buid\b|own facilit|facilities they own|their own|owner_id/i, 'facility-scope'],
    ],
  },
  4: { target: `${PRODUCT}#demo-data`, titles: ['Demo data'] },
  5: { target: `${ANALYSIS}#burn-log-files`, titles: ['Burn log files', 'Burn log format'] },
  6: { target: `${ANALYSIS}#method`, titles: ['Burn analysis'] },
};

/** ANALYSIS.md: the burn analysis, restated in docs/analysis.md's Method. */
const ANALYSIS_DOC = {
  1: { target: `${ANALYSIS}#series-preparation`, titles: ['Preparing the series'] },
  2: { target: `${ANALYSIS}#burn-phases`, titles: ['Phases'] },
  3: { target: `${ANALYSIS}#figures-and-formulas`, titles: ['Fields', 'Figures'] },
  4: { target: `${ANALYSIS}#validity-rules`, titles: ['Validity'] },
  5: { target: `${ANALYSIS}#checking-against-known-truth`, titles: ['Checking it'] },
  6: { target: `${ANALYSIS}#algorithm-versions`, titles: ['Versions'] },
};

/** What a document cited without a section points to. */
const WHOLE = {
  spec: PRODUCT,
  design: `${ROLES}#roles-and-rules`,
  analysis: `${ANALYSIS}#method`,
  stack: `${STACK}#known-pitfalls`,
};
const WHOLE_HINTS = {
  design: [
    [/text|quoted|letter/i, `${ROLES}#welcome-sentences`],
    [/log file|burn log|header/i, `${ANALYSIS}#burn-log-files`],
  ],
  analysis: [
    [/per_g_weight|calibration|kg\b/i, `${ANALYSIS}#series-preparation`],
    [/\bcode\b|\brules?\b/i, `${ANALYSIS}#validity-rules`],
  ],
  stack: [
    [/postgres|cluster|initdb/i, `${STACK}#postgresql-for-tests`],
    [/pdf|worker/i, `${STACK}#react-pdf`],
    [/getPermissions|checkAuth|canAccess|authProvider/, `${STACK}#no-getpermissions`],
  ],
};

/** Files whose bare `§N` (no document named) means ANALYSIS.md's sections. */
const BARE_SECTION_DOC = [[/^(mock-server\/analysis|tests\/unit\/analysis)\//, ANALYSIS_DOC]];

// ---------------------------------------------------------------------------------------------
// Matching

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Whitespace inside a citation, which may wrap onto the next comment line. */
const WS = String.raw`(?:[ \t]|\r?\n[ \t]*(?:\*(?!\/)|\/\/|#|--)?[ \t]*)`;
const QUOTE_OPEN = `["'“‘]`;
const QUOTE_CLOSE = `["'”’]`;

const sectionsOf = (doc) => Object.entries(doc).map(([n, s]) => ({ n, ...s }));
const allTitles = (doc) => sectionsOf(doc).flatMap((s) => s.titles);
const allSubs = (doc) => sectionsOf(doc).flatMap((s) => (s.subs ?? []).map(([t]) => t));
const titleAlternation = (titles) =>
  [...new Set(titles)]
    .sort((a, b) => b.length - a.length)
    .map((t) => escape(t).replace(/ /g, `${WS}+`))
    .join('|');

/** Lower-cased text with comment wrapping and spacing made plain, for looking titles up. */
const plain = (s) =>
  s
    .replace(new RegExp(`${WS}+`, 'g'), ' ')
    .trim()
    .toLowerCase();

function sectionByTitle(doc, title) {
  const t = plain(title);
  return sectionsOf(doc).find((s) => s.titles.some((x) => x.toLowerCase() === t));
}
function subAnchor(section, text) {
  const t = plain(text);
  const hit = (section.subs ?? []).find(([title]) => title.toLowerCase() === t);
  return hit ? `${section.target.split('#')[0]}#${hit[1]}` : null;
}
function anySubAnchor(doc, text) {
  for (const s of sectionsOf(doc)) {
    const a = subAnchor(s, text);
    if (a) return a;
  }
  return null;
}
/** The heading a section's hints pick from the cited line, else from the file's path, else the section's. */
function hinted(section, line) {
  const [text, rel] = line.split('\u0000');
  for (const where of [text, rel ?? '']) {
    for (const [re, anchor] of section.hints ?? []) if (re.test(where)) return `${section.target.split('#')[0]}#${anchor}`;
  }
  return section.target;
}

/**
 * One item of a citation chain: `§3 "Kiln"`, `§2 Viewer`, `§5`, `"Entities and their fields": Photo upload`,
 * or a lone quoted sub-title (`"Audit allocation"`) after an earlier item. Sub-titles are tried longest first.
 */
function itemPattern(doc) {
  const subs = titleAlternation(allSubs(doc));
  const titles = titleAlternation(allTitles(doc));
  const sub = subs ? `(?:${WS}?:?${WS}*(?:${QUOTE_OPEN}(?:${subs})${QUOTE_CLOSE}|(?:${subs})(?![\\w/-])))?` : '';
  return [
    `${SECTION_SIGN}${WS}?[0-9](?![0-9]|\\.[0-9])${sub}`,
    `${QUOTE_OPEN}(?:${titles})${QUOTE_CLOSE}${sub}`,
    ...(subs ? [`${QUOTE_OPEN}(?:${subs})${QUOTE_CLOSE}`] : []),
  ].join('|');
}
/** `§`, or the word: `§ 4`, `section 4`, `sec. 4`. */
const SECTION_SIGN = String.raw`(?:§|\b[Ss]ections?${WS}|\b[Ss]ec\.${WS}?)`;
const SEPARATOR = `(?:${WS}*(?:,|;|/|\\band\\b)${WS}*)`;

/** Resolves one chain item to its docs/ link. */
function resolveItem(doc, item, line) {
  const m = item.match(/^(?:§|[Ss]ections?|[Ss]ec\.)\s*([0-9])([\s\S]*)$/);
  if (m) {
    const section = doc[m[1]];
    if (!section) return null;
    const rest = m[2].replace(/^[\s*/#-]*:?[\s*/#-]*/, '').replace(/^["'“‘]|["'”’]$/g, '');
    return (rest && subAnchor(section, rest)) || (rest ? section.target : hinted(section, line));
  }
  const q = item.match(/^["'“‘]([\s\S]*?)["'”’]([\s\S]*)$/);
  if (!q) return null;
  const section = sectionByTitle(doc, q[1]);
  if (section) {
    const rest = q[2].replace(/^[\s*/#-]*:?[\s*/#-]*/, '').replace(/^["'“‘]|["'”’]$/g, '');
    return (rest && subAnchor(section, rest)) || (rest ? section.target : hinted(section, line));
  }
  return anySubAnchor(doc, q[1]);
}

/** Rewrites every citation chain headed by `head` (a regex source) in `text`. */
function rewriteChains(text, head, doc, rel, counter) {
  const item = itemPattern(doc);
  const chain = new RegExp(`(${head})(?:${WS}*,?${WS}*)(\\(?)((?:${item})(?:${SEPARATOR}(?:${item}))*)`, 'g');
  return text.replace(chain, (all, _head, paren, items, offset) => {
    const line = `${lineAround(text, offset)}\u0000${rel}`;
    let out = '';
    let last = 0;
    const each = new RegExp(`(?:${item})`, 'g');
    let m;
    let changed = false;
    while ((m = each.exec(items))) {
      const link = resolveItem(doc, m[0], line);
      if (!link) continue;
      out += items.slice(last, m.index) + link;
      last = m.index + m[0].length;
      changed = true;
    }
    if (!changed) return all;
    counter.n += 1;
    // `the spec (§2)` keeps its words: `the spec (docs/product.md#screens-and-routes)`
    const kept = paren ? all.slice(0, all.indexOf('(') + 1) : '';
    return kept + out + items.slice(last);
  });
}

function lineAround(text, offset) {
  const start = text.lastIndexOf('\n', offset) + 1;
  const end = text.indexOf('\n', offset);
  return text.slice(start, end === -1 ? undefined : end);
}

/** A document named without a section: `ANALYSIS.md`, `DESIGN.md`, `STACK.md`, `(DESIGN)`. */
function rewriteWhole(text, rel, counter) {
  const rules = [
    // "ANALYSIS.md's" reads as "the method's"
    [/\bANALYSIS\.md's\b/g, 'analysis', (link) => `the method's (${link})`],
    [/(?:\.\.\/|\/work\/)?(?:shared\/)?\bANALYSIS\.md\b/g, 'analysis', (link) => link],
    [/(?:\.\.\/|\/work\/)?(?:shared\/)?\bDESIGN(?:\.md)?\b(?![\w-])/g, 'design', (link) => link],
    [/(?:\.\.\/|\/work\/)?(?:shared\/)?\bSTACK\.md\b/g, 'stack', (link) => link],
    [/(?:\.\.\/|\/work\/)?(?:shared\/)?(?:spec\/)?\bkiln-console-spec\.md\b/g, 'spec', (link) => link],
  ];
  let out = text;
  for (const [re, key, wrap] of rules) {
    out = out.replace(re, (_all, offset) => {
      const line = lineAround(out, offset);
      const hints = WHOLE_HINTS[key] ?? [];
      const hint = hints.find(([r]) => r.test(line)) ?? hints.find(([r]) => r.test(rel));
      counter.n += 1;
      return wrap(hint ? hint[1] : WHOLE[key]);
    });
  }
  return out;
}

/** Rewrites the citations in one stretch of comment text (of the file at `rel`). */
export function rewriteCitations(text, rel = '', counter = { n: 0 }) {
  let out = text;
  out = rewriteChains(
    out,
    String.raw`(?:(?:\.\.\/|\/work\/)?(?:shared\/)?(?:spec\/)?\bkiln-console-spec\.md|\b[Ss]pec(?:'s|ification)?\b)(?:${WS}*:)?`,
    SPEC,
    rel,
    counter,
  );
  out = rewriteChains(out, String.raw`(?:\.\.\/|\/work\/)?(?:shared\/)?\bDESIGN(?:\.md)?\b`, DESIGN, rel, counter);
  out = rewriteChains(out, String.raw`(?:\.\.\/|\/work\/)?(?:shared\/)?\bANALYSIS(?:\.md)?\b`, ANALYSIS_DOC, rel, counter);
  for (const [re, doc] of BARE_SECTION_DOC) {
    if (!re.test(rel)) continue;
    // a heading comment `// §1 Preparing the series` becomes `// Preparing the series (docs/…)`
    out = out.replace(new RegExp(String.raw`^([ \t]*(?:\/\/|\*|#)[ \t]*)§([0-9])[ \t]+([^\n]*)$`, 'gm'), (all, lead, n, rest) => {
      if (!doc[n]) return all;
      counter.n += 1;
      return `${lead}${rest} (${doc[n].target})`;
    });
    out = rewriteChains(out, '(?<=\\()', doc, rel, counter);
    out = out.replace(/(?<![\w.])§([0-9])(?![0-9]|\.[0-9])/g, (all, n) => {
      if (!doc[n]) return all;
      counter.n += 1;
      return doc[n].target;
    });
  }
  out = rewriteWhole(out, rel, counter);
  // two citations that resolved to one heading, side by side, are said once
  out = out.replace(/(docs\/[\w.-]+\.md#[\w-]+)((?:\s*[,;/]\s*|\s+and\s+)\1(?![\w#-]))+/g, '$1');
  return out;
}

/** Markdown prose: every line outside fenced code, citations made Markdown links relative to the file. */
function rewriteMarkdown(rel, src, counter) {
  const base = path.posix.dirname(rel);
  let fenced = false;
  const lines = src.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced || /^\s*(```|~~~)/.test(line)) return line;
    return rewriteCitations(line, rel, counter).replace(
      /(?<!\]\()(?<![[/\w`#-])docs\/([\w.-]+\.md)#([\w-]+)/g,
      (_all, file, anchor) => `[${anchor.replace(/-/g, ' ')}](${path.posix.relative(base, `docs/${file}`)}#${anchor})`,
    );
  });
  return lines.join('\n');
}

/** The file with the citations in its comments rewritten, and how many were. */
export function rewriteFile(rel, src) {
  const counter = { n: 0 };
  if (rel.endsWith('.md')) return { text: rewriteMarkdown(rel, src, counter), count: counter.n };
  const ranges = commentRanges(src, path.extname(rel));
  let out = '';
  let last = 0;
  for (const [a, b] of ranges) {
    out += src.slice(last, a) + rewriteCitations(src.slice(a, b), rel, counter);
    last = b;
  }
  return { text: out + src.slice(last), count: counter.n };
}

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (EXTENSIONS.has(path.extname(entry.name))) yield full;
  }
}

function main() {
  const check = process.argv.includes('--check');
  let files = 0;
  let total = 0;
  const markdown = MARKDOWN.flatMap((name) => {
    const abs = path.join(ROOT, name);
    if (!fs.existsSync(abs)) return [];
    return fs.statSync(abs).isDirectory()
      ? fs
          .readdirSync(abs)
          .filter((f) => f.endsWith('.md'))
          .map((f) => path.join(abs, f))
      : [abs];
  });
  const sources = FOLDERS.filter((folder) => fs.existsSync(path.join(ROOT, folder))).flatMap((folder) => [
    ...walk(path.join(ROOT, folder)),
  ]);
  for (const file of [...sources, ...markdown]) {
    const rel = path.relative(ROOT, file).split(path.sep).join('/');
    const src = fs.readFileSync(file, 'utf8');
    const { text, count } = rewriteFile(rel, src);
    if (text === src) continue;
    files += 1;
    total += count;
    console.log(`${rel}: ${count}`);
    if (!check) fs.writeFileSync(file, text);
  }
  console.log(`${check ? 'Would rewrite' : 'Rewrote'} ${total} citation(s) in ${files} file(s).`);
  if (check && files) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
