// Where the comments of a source file are: a small lexer that knows strings, template
// literals, regular expressions and comments well enough to tell comment text from code.
// A quote never spans a line, so JSX text such as `don't` cannot swallow the rest of a file.
// Used by tools/cite-docs.mjs and by tests/unit/docs/docsLinks.test.ts. Plain Node, no
// dependencies.

/** [start, end) of every comment in a JS/TS source. */
function scriptCommentRanges(src) {
  const ranges = [];
  let i = 0;
  let prev = ''; // last significant character outside comments
  const templateDepth = [];
  const n = src.length;
  const regexCanStart = () =>
    prev === '' ||
    /[(,=:[!&|?{};+\-*%~^]/.test(prev) ||
    /\b(return|typeof|case|in|of|void|delete|throw|yield|await)$/.test(src.slice(Math.max(0, i - 8), i).trimEnd());
  while (i < n) {
    const c = src[i];
    const d = src[i + 1];
    if (c === '/' && d === '/') {
      const end = src.indexOf('\n', i);
      ranges.push([i, end === -1 ? n : end]);
      i = end === -1 ? n : end;
      continue;
    }
    if (c === '/' && d === '*') {
      const end = src.indexOf('*/', i + 2);
      ranges.push([i, end === -1 ? n : end + 2]);
      i = end === -1 ? n : end + 2;
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < n && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      i = src[j] === c ? j + 1 : i + 1;
      prev = c;
      continue;
    }
    if (c === '`' || (c === '}' && templateDepth.length && templateDepth[templateDepth.length - 1] === 0)) {
      if (c === '}') templateDepth.pop();
      let j = i + 1;
      while (j < n && src[j] !== '`' && !(src[j] === '$' && src[j + 1] === '{')) j += src[j] === '\\' ? 2 : 1;
      if (src[j] === '$') {
        templateDepth.push(0);
        i = j + 2;
        prev = '{';
      } else {
        i = j + 1;
        prev = '`';
      }
      continue;
    }
    if (c === '/' && regexCanStart()) {
      let j = i + 1;
      let inClass = false;
      while (j < n && src[j] !== '\n') {
        if (src[j] === '\\') j += 2;
        else if (src[j] === '/' && !inClass) break;
        else {
          if (src[j] === '[') inClass = true;
          else if (src[j] === ']') inClass = false;
          j++;
        }
      }
      if (src[j] === '/') {
        i = j + 1;
        prev = '/';
        continue;
      }
    }
    if (templateDepth.length) {
      if (c === '{') templateDepth[templateDepth.length - 1] += 1;
      else if (c === '}') templateDepth[templateDepth.length - 1] -= 1;
    }
    if (!/\s/.test(c)) prev = c;
    i += 1;
  }
  return ranges;
}

/** [start, end) of every `--` comment in SQL (quotes skipped). */
function sqlCommentRanges(src) {
  const ranges = [];
  const re = /'(?:[^']|'')*'|--[^\n]*/g;
  let m;
  while ((m = re.exec(src))) if (m[0].startsWith('--')) ranges.push([m.index, m.index + m[0].length]);
  return ranges;
}

/**
 * [start, end) of every comment of a file with extension `ext` ('.ts', '.sql', …). A YAML
 * file is one range: its descriptions are prose (copied into src/domain/api/generated.ts).
 */
export function commentRanges(src, ext) {
  if (ext === '.yaml' || ext === '.yml') return [[0, src.length]];
  if (ext === '.sql') return sqlCommentRanges(src);
  return scriptCommentRanges(src);
}
