import { generateBurn, KILN_TYPE } from '../../analysis';

/**
 * The small valid files a write check uploads: a 1 × 1 PNG, a one-page PDF
 * with no active content, and a burn log (the demo's burn simulator, so the
 * log parses and, for a registered kiln, analyses as a valid burn).
 */

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const ONE_PAGE_PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
  '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

/** where a burn log says it was made, and by which kiln */
export interface BurnOrigin {
  kilnId: string;
  facility: { latitude_min: number; latitude_max: number; longitude_min: number; longitude_max: number };
}

/** a C-Go-1 burn log; the seed makes its content (and so its sha256) new for each run */
export function burnLog(origin: BurnOrigin, seed: number): string {
  return generateBurn({
    kiln_type: KILN_TYPE.CGO1,
    kiln_id: origin.kilnId,
    seed,
    start_ts: Date.UTC(2026, 0, 1, 6, 0, 0),
    facility: origin.facility,
  }).text;
}

/** a file of this media type, named as a client would name it */
export function sampleFile(mediaType: string, origin: BurnOrigin, seed: number): { blob: Blob; name: string } {
  switch (mediaType) {
    case 'image/png':
      return { blob: new Blob([Buffer.from(PNG_1X1, 'base64')], { type: mediaType }), name: 'contract-check.png' };
    case 'application/pdf':
      return { blob: new Blob([ONE_PAGE_PDF], { type: mediaType }), name: 'contract-check.pdf' };
    case 'text/csv':
      return { blob: new Blob([burnLog(origin, seed)], { type: mediaType }), name: `${origin.kilnId}.csv` };
    default:
      throw new Error(`The contract check cannot build a ${mediaType} file (x-example-files).`);
  }
}
