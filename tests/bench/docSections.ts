import fs from 'node:fs';

/**
 * docs/performance.md is written by several commands (npm run bench, load…),
 * each owning its own sections: one replaces its section in place (or appends
 * it) and leaves the others as they are. A section runs to the next heading of
 * its level or above. A `### ` section may belong to another command than the
 * `## ` section it sits in (its heading names the command, "(npm run …)"): it
 * is kept when that `## ` section is written again, and written under its
 * `parent` the first time.
 */
export function replaceSection(file: string, heading: string, section: string, parent?: string): void {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const level = heading.indexOf(' ');
  const start = current.indexOf(`\n${heading}\n`);
  if (start < 0) {
    const under = parent === undefined ? -1 : current.indexOf(`\n${parent}\n`);
    if (under < 0) {
      fs.writeFileSync(file, `${current.trimEnd()}\n\n${section.trimEnd()}\n`);
      return;
    }
    const end = sectionEnd(current, under + parent!.length + 1, parent!.indexOf(' '));
    fs.writeFileSync(
      file,
      `${current.slice(0, end).trimEnd()}\n\n${section.trimEnd()}\n${end < current.length ? `\n${current.slice(end + 1)}` : ''}`,
    );
    return;
  }
  const end = sectionEnd(current, start + heading.length + 1, level);
  const kept = keptSubsections(current.slice(start, end), level, section);
  const rest = end < current.length ? `\n${current.slice(end + 1)}` : '';
  fs.writeFileSync(file, `${current.slice(0, start)}\n${[section.trimEnd(), ...kept].join('\n\n')}\n${rest}`);
}

/** Where the section whose heading ends at `from` ends: the newline before the next heading of `level` #s or fewer. */
function sectionEnd(text: string, from: number, level: number): number {
  const heading = new RegExp(`\\n#{1,${level}} `, 'g');
  heading.lastIndex = from;
  const next = heading.exec(text);
  return next ? next.index : text.length;
}

/** The subsections of an old section that another command writes ("(npm run …)" in the heading) and the new text leaves out. */
function keptSubsections(old: string, level: number, section: string): string[] {
  const out: string[] = [];
  const sub = new RegExp(`\\n(#{${level + 1}} [^\\n]*\\(npm run [^\\n]*)\\n`, 'g');
  for (let m = sub.exec(old); m; m = sub.exec(old)) {
    if (section.includes(`${m[1]}\n`)) continue;
    const end = sectionEnd(old, m.index + m[0].length - 1, level + 1);
    out.push(old.slice(m.index + 1, end).trimEnd());
  }
  return out;
}
