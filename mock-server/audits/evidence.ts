import { randomUUID } from 'node:crypto';
import { EVIDENCE_AREA } from '../store/fileAreas';

/**
 * Where an audit's signed statement lives: the blob `audit-evidence/<doc_key>`,
 * the doc_key being `<uuid>.<ext>`, made by the server at signoff. A key from
 * a client is only ever looked up in the store (the audit that names it), and
 * only a key of exactly this form is: nothing it sends becomes a path.
 */

const DOC_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.(pdf|png|jpg)$/;

export const newDocKey = (ext: string): string => `${randomUUID()}.${ext}`;

export const isDocKey = (text: string): boolean => DOC_KEY.test(text);

export function evidenceBlobKey(docKey: string): string {
  if (!isDocKey(docKey)) throw new Error(`Not an evidence key: ${docKey}`);
  return `${EVIDENCE_AREA}/${docKey}`;
}
