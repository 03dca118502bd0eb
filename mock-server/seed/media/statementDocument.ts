import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import { A4, wrap } from '../../files/pdfLayout';

/** A paragraph or heading of a statement. */
export interface StatementBlock {
  text: string;
  heading?: boolean;
}

export interface StatementDocument {
  title: string;
  /** who issued it: the PDF's author */
  author: string;
  /** when it was signed: the PDF's creation date, so the seed writes the same bytes for the same data */
  signedTs: string;
  blocks: readonly StatementBlock[];
}

const MARGIN = 56;
const INK = rgb(0.12, 0.12, 0.16);
const BAND = rgb(0.2, 0.4, 0.3);
/** the standard fonts write WinAnsi only */
const winAnsi = (text: string) => text.normalize('NFKD').replace(/[^\x20-\x7e]/g, '');

/**
 * A demo statement as an auditor would issue it: a legible, text-based PDF
 * (pdf-lib, Helvetica) of A4 pages, its title, author and date in its
 * metadata, a page number at each foot.
 */
export async function statementDocumentPdf(statement: StatementDocument): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const signed = new Date(statement.signedTs);
  doc.setTitle(winAnsi(statement.title));
  doc.setAuthor(winAnsi(statement.author));
  doc.setProducer('Kiln Console demo seed');
  doc.setCreator('Kiln Console demo seed');
  doc.setCreationDate(signed);
  doc.setModificationDate(signed);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = A4[0] - 2 * MARGIN;
  const pages = [doc.addPage(A4)];
  let y = A4[1] - MARGIN - 24;
  const write = (text: string, font: PDFFont, size: number, gapBefore: number) => {
    y -= gapBefore;
    for (const line of wrap(winAnsi(text), font, size, width)) {
      if (y < MARGIN + 30) {
        pages.push(doc.addPage(A4));
        y = A4[1] - MARGIN - 24;
      }
      pages[pages.length - 1].drawText(line, { x: MARGIN, y, size, font, color: INK });
      y -= size * 1.4;
    }
  };
  write(statement.title, bold, 20, 0);
  for (const block of statement.blocks) {
    if (block.heading) write(block.text, bold, 12, 10);
    else write(block.text, regular, 10.5, 2);
  }
  pages.forEach((page, i) => {
    page.drawRectangle({ x: MARGIN, y: A4[1] - 40, width, height: 4, color: BAND });
    const foot = `Page ${i + 1} of ${pages.length}`;
    page.drawText(foot, { x: A4[0] - MARGIN - regular.widthOfTextAtSize(foot, 9), y: 32, size: 9, font: regular, color: INK });
  });
  return Buffer.from(await doc.save());
}
