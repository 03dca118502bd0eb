import { parentPort } from 'node:worker_threads';
import { HttpError } from '../http/errors';
import { assertPlainPdf } from './pdfCheck';
import { inflatedObjectStreamBytes } from './pdfInflation';

/**
 * The PDF check's worker thread (pdfChecker.ts starts it through
 * pdfWorkerBoot.mjs): one request at a time, answered with the refusal's
 * sentence or none.
 */

export interface PdfCheckRequest {
  bytes: Uint8Array;
  field: string;
  maxInflatedBytes: number;
}
export interface PdfCheckAnswer {
  problem: string | null;
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

async function problemOf({ bytes, field, maxInflatedBytes }: PdfCheckRequest): Promise<string | null> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const inflated = await inflatedObjectStreamBytes(buffer, maxInflatedBytes);
  if (inflated > maxInflatedBytes) {
    return `${field} is refused: its compressed objects inflate to more than ${megabytes(maxInflatedBytes)} (a decompression bomb?); send a PDF saved without such streams.`;
  }
  try {
    await assertPlainPdf(buffer, field);
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error.message;
    return `${field} is not a PDF that can be opened.`;
  }
}

parentPort?.on('message', (request: PdfCheckRequest) => {
  void problemOf(request).then((problem) => parentPort?.postMessage({ problem } satisfies PdfCheckAnswer));
});
