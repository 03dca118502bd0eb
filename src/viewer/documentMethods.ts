/**
 * Documents the viewer shows: a PDF or image answered by the API, its type read
 * from the response (spec §7). No pdf.js here: this module is in the main bundle.
 */
import { apiFetchBlob } from '../providers/httpClient';

export interface FetchedDocument {
  blob: Blob;
  /** the MIME type of the response, without parameters, e.g. 'application/pdf' */
  contentType: string;
}

/** The MIME type of a Content-Type header value, lower case and without parameters. */
export function mimeType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

export const documentMethods = {
  /** GET `path` (relative to the API, e.g. '/facility/3/audit?id=9') with the bearer token. */
  async getDocument(path: string): Promise<FetchedDocument> {
    const { blob, headers } = await apiFetchBlob(path);
    return { blob, contentType: mimeType(headers.get('Content-Type')) || mimeType(blob.type) };
  },
};
