import type { PDFFont } from 'pdf-lib';

/** The PDFs the server writes (certificates, the demo statements): A4 in points. */
export const A4: [number, number] = [595.28, 841.89];

/** Lines of at most `width` points of `font` at `size`, broken at spaces; `text` already in the font's encoding. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
