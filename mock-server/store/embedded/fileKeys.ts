import { FirstKeys } from '../../blobs/keyOrder';
import type { FileKeySpelling } from '../dataStore';
import type { EmbeddedShape } from './state';

/** A page of the file keys the records name, in key order: one pass over the records per page, holding one page. */
export function fileKeysAfter(state: Readonly<EmbeddedShape>, after: string | null, limit: number, spelling: FileKeySpelling): string[] {
  const page = new FirstKeys<string>(after, limit, (key) => key);
  for (const log of state.kilnlogs) {
    page.offer(log.s3key);
    page.offer(`${spelling.analysisPrefix}${log.id}${spelling.analysisSuffix}`);
  }
  for (const photo of state.facility_photos) {
    page.offer(photo.photo.key);
    page.offer(photo.thumb.key);
  }
  for (const statement of state.facility_audits) page.offer(statement.file.key);
  for (const audit of state.audits) if (audit.doc_key !== null) page.offer(`${spelling.evidencePrefix}${audit.doc_key}`);
  return [...page.page];
}
