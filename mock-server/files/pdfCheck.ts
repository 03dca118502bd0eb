import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFObject } from 'pdf-lib';
import { fieldError } from '../http/errors';

/**
 * Keys and action types that make a PDF do something when opened or clicked
 * (ISO 32000-1 §12.6 actions, §7.11.4 embedded files, §12.7.8 XFA forms):
 * an /OpenAction or /AA entry is refused through the action it names. A
 * facility's statement is a document to read, so any of them refuses it.
 */
const ACTIVE_KEYS = ['JS', 'JavaScript', 'EmbeddedFiles', 'EmbeddedFile', 'RichMedia', 'XFA'];
/** Action types (the /S of an action dictionary) that run, launch, send or fetch; GoTo and URI links stay allowed. */
const ACTIVE_ACTIONS = ['JavaScript', 'Launch', 'ImportData', 'SubmitForm', 'ResetForm', 'Rendition', 'GoToE', 'GoToR', 'Sound', 'Movie'];

/**
 * A name as a PDF reader reads it: `#xx` escapes decoded in either case.
 * pdf-lib decodes only uppercase hex (`#4A`), so `/#4aS` would otherwise
 * pass for something other than /JS. Decoding what pdf-lib already decoded
 * can only make a name look more active, never less, so a stray `#` in a
 * harmless name at worst refuses the file.
 */
export function pdfNameText(text: string): string {
  return decodeNameEscapes(text.replace(/^\//, ''));
}

/** Text with every `#xx` name escape (either case) decoded. */
export const decodeNameEscapes = (text: string): string =>
  text.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const nameText = (name: PDFName) => pdfNameText(name.decodeText());

function activeContent(object: PDFObject | undefined): string | undefined {
  const dict = object instanceof PDFRawStream ? object.dict : object;
  if (!(dict instanceof PDFDict)) return undefined;
  const entries = new Map(dict.entries().map(([key, value]) => [nameText(key), value] as const));
  const key = ACTIVE_KEYS.find((k) => entries.has(k));
  if (key) return key;
  const action = entries.get('S');
  if (action instanceof PDFName && ACTIVE_ACTIONS.includes(nameText(action))) return nameText(action);
  const type = entries.get('Type');
  if (type instanceof PDFName && nameText(type) === 'Filespec') return 'Filespec';
  return undefined;
}

function nestedActiveContent(object: PDFObject | undefined): string | undefined {
  const found = activeContent(object);
  if (found) return found;
  const dict = object instanceof PDFRawStream ? object.dict : object;
  if (dict instanceof PDFDict) {
    for (const [, value] of dict.entries()) {
      const inner = nestedActiveContent(value);
      if (inner) return inner;
    }
  } else if (object instanceof PDFArray) {
    for (const value of object.asArray()) {
      const inner = nestedActiveContent(value);
      if (inner) return inner;
    }
  }
  return undefined;
}

/**
 * 400 unless the bytes are a PDF that pdf-lib parses into at least one page,
 * with no active content anywhere in its objects (scripts, launch and other
 * actions, embedded files, XFA). An encrypted PDF is still checked: its
 * dictionaries' keys are not encrypted, only its strings and streams.
 */
export async function assertPlainPdf(bytes: Buffer, field: string): Promise<void> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
    if (doc.getPageCount() < 1) throw new Error('no pages');
  } catch {
    throw fieldError(field, `${field} is not a PDF that can be opened.`);
  }
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const found = nestedActiveContent(object);
    if (found) throw fieldError(field, `${field} contains active content (${found}); send a PDF without scripts, actions or attachments.`);
  }
  const trailerFound = nestedActiveContent(doc.catalog);
  if (trailerFound)
    throw fieldError(field, `${field} contains active content (${trailerFound}); send a PDF without scripts, actions or attachments.`);
}
