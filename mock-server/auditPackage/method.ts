import fs from 'node:fs';

/**
 * The method text a package carries (METHOD.md): the method of each algorithm version its burns
 * were analysed by, from mock-server/auditPackage/method/<version>.md, so the package explains its
 * numbers without a link to a repository that moves on. A version's text is never edited once
 * released (docs/analysis.md#method-text-of-each-algorithm-version).
 */

export const METHOD_FILE = 'METHOD.md';

/** The versions with a method text, oldest first. */
export const METHOD_VERSIONS: readonly string[] = ['2.1.0', '2.2.0', '2.3.0'];

const texts = new Map<string, string>();

export function methodTextOf(version: string): string | null {
  if (!METHOD_VERSIONS.includes(version)) return null;
  let text = texts.get(version);
  if (text === undefined) {
    text = fs.readFileSync(new URL(`./method/${version}.md`, import.meta.url), 'utf8');
    texts.set(version, text);
  }
  return text;
}

/** METHOD.md of a package whose burns name these versions (each text once, oldest first), or null when none has a text. */
export function packageMethod(versions: readonly string[]): string | null {
  const found = METHOD_VERSIONS.filter((v) => versions.includes(v)).map((v) => methodTextOf(v) as string);
  return found.length > 0 ? found.join('\n') : null;
}
