import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { newBlobKey, type Blobs } from '../blobs/blobs';
import { missingFile } from '../blobs/missingFile';
import type { StoredFile } from '../store/model';
import { inlineDisposition } from './fileNames';

/** Content already checked: its type detected from the bytes, its name made displayable. */
export interface CheckedContent {
  bytes: Buffer;
  mime: string;
  ext: string;
  originalName: string;
}

/** Writes the bytes under a new key and answers the record that describes them. */
export async function storeFile(
  blobs: Blobs,
  area: string,
  content: CheckedContent,
  uploaderId: number,
  uploadedTs: string,
): Promise<StoredFile> {
  const key = newBlobKey(area, content.ext);
  await blobs.put(key, content.bytes, content.mime);
  return {
    key,
    mime_type: content.mime,
    size: content.bytes.length,
    original_name: content.originalName,
    uploaded_ts: uploadedTs,
    uploader_id: uploaderId,
  };
}

/** Streams a stored file with the type detected at upload; 500 saying so when its bytes are gone. */
export function sendStoredFile(res: Response, blobs: Blobs, file: StoredFile): Promise<void> {
  return sendBlob(res, blobs, { key: file.key, mime: file.mime_type, name: file.original_name });
}

/** Streams the content under a server-made key, shown inline under `name`; 500 saying so when its bytes are gone. */
export async function sendBlob(res: Response, blobs: Blobs, blob: { key: string; mime: string; name: string }): Promise<void> {
  const read = await blobs.get(blob.key);
  if (!read) throw missingFile(blob.key, blob.name);
  res.set({
    'Content-Type': blob.mime,
    'Content-Length': String(read.size),
    'Content-Disposition': inlineDisposition(blob.name),
    'Cache-Control': 'private, no-cache',
  });
  await pipeToClient(read.stream, res);
}

/** Streams a download to the client; a client that goes away mid-download ends it quietly (nothing is left to answer). */
export async function pipeToClient(stream: NodeJS.ReadableStream, res: Response): Promise<void> {
  try {
    await pipeline(stream, res);
  } catch (err) {
    if (res.destroyed && (err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    throw err;
  }
}
