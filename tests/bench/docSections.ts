import fs from 'node:fs';

/**
 * docs/performance.md is written by several commands (npm run bench, load…),
 * each owning its own `## ` sections: one replaces its section in place (or
 * appends it) and leaves the others as they are.
 */
export function replaceSection(file: string, heading: string, section: string): void {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const start = current.indexOf(`\n${heading}\n`);
  if (start < 0) {
    fs.writeFileSync(file, `${current.trimEnd()}\n\n${section.trimEnd()}\n`);
    return;
  }
  const nextHeading = current.indexOf('\n## ', start + heading.length + 1);
  const rest = nextHeading < 0 ? '' : `\n${current.slice(nextHeading + 1)}`;
  fs.writeFileSync(file, `${current.slice(0, start)}\n${section.trimEnd()}\n${rest}`);
}
