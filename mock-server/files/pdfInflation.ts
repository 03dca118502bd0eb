import zlib from 'node:zlib';
import { decodeNameEscapes } from './pdfCheck';

/**
 * The compressed streams pdf-lib inflates while it opens a PDF: object
 * streams (/Type /ObjStm) and cross-reference streams (/Type /XRef). A
 * megabyte of either can inflate to a gigabyte (a decompression bomb,
 * M3 of the 2026-11-25 review), so they are counted first with zlib,
 * output discarded as it comes, and the file refused once their total
 * passes the bound. Page contents and images are not inflated by the
 * check, so they do not count.
 */

/** The keyword that opens a stream's data, not the one that closes it. */
const STREAM_START = /(?<!end)stream(?:\r\n|\n|\r)/g;
/** How far back from `stream` a dictionary is read for its /Type. */
const DICT_WINDOW = 64 * 1024;
const INFLATED_TYPE = /\/Type\s*\/(ObjStm|XRef)(?![^\s/<>[\]()])/;

/** Bytes the zlib data at the start of `data` inflates to, counted until it passes `limit` (0 when it is not zlib data). */
function inflatedLength(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve) => {
    // a truncated stream still counts what it gave: pdf-lib would inflate that much too
    const inflate = zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
    let length = 0;
    const done = () => {
      inflate.destroy();
      resolve(length);
    };
    inflate.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) done();
    });
    inflate.on('end', done);
    inflate.on('error', done);
    inflate.end(data);
  });
}

/** Where each object or cross-reference stream's data starts and ends in the file. */
function inflatedStreams(bytes: Buffer): { start: number; end: number }[] {
  const text = bytes.toString('latin1');
  const found: { start: number; end: number }[] = [];
  for (const match of text.matchAll(STREAM_START)) {
    const at = match.index;
    const objStart = text.lastIndexOf('obj', at);
    const dict = text.slice(Math.max(objStart, at - DICT_WINDOW, 0), at);
    // names as a reader reads them: /Obj#53tm is /ObjStm
    if (!INFLATED_TYPE.test(decodeNameEscapes(dict))) continue;
    const start = at + match[0].length;
    const end = text.indexOf('endstream', start);
    found.push({ start, end: end < 0 ? bytes.length : end });
  }
  return found;
}

/** The total bytes the object and cross-reference streams inflate to, counted up to just past `limit`. */
export async function inflatedObjectStreamBytes(bytes: Buffer, limit: number): Promise<number> {
  let total = 0;
  for (const { start, end } of inflatedStreams(bytes)) {
    total += await inflatedLength(bytes.subarray(start, end), limit - total);
    if (total > limit) break;
  }
  return total;
}
