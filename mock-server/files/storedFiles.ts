import type { Response } from 'express';
import { notFound } from '../http/errors';
import type { StoredFile } from '../store/schema';
import { commit } from '../store/commit';
import type { Store } from '../store/store';
import type { BlobStore } from './blobStore';
import { inlineDisposition } from './fileNames';

/** Content already checked: its type detected from the bytes, its name made displayable. */
export interface CheckedContent {
  bytes: Buffer;
  mime: string;
  ext: string;
  originalName: string;
}

/** Writes the bytes under a new key and answers the record that describes them. */
export function storeFile(blobs: BlobStore, area: string, content: CheckedContent, uploaderId: number, uploadedTs: string): StoredFile {
  return {
    key: blobs.save(area, content.bytes, content.ext),
    mime_type: content.mime,
    size: content.bytes.length,
    original_name: content.originalName,
    uploaded_ts: uploadedTs,
    uploader_id: uploaderId,
  };
}

/**
 * Persists a change whose files are already written (store/commit.ts): when
 * the write fails the records are taken back and the new files go; when it
 * succeeds the files it replaced go.
 */
export function commitWithFiles(
  store: Store,
  blobs: BlobStore,
  change: { added: readonly StoredFile[]; replaced?: readonly StoredFile[]; undoRecords(): void },
): void {
  commit(store, {
    undo() {
      change.undoRecords();
      for (const file of change.added) blobs.remove(file.key);
    },
    cleanup() {
      for (const file of change.replaced ?? []) blobs.remove(file.key);
    },
  });
}

/** Answers a stored file with the type detected at upload; 404 when its bytes are gone. */
export async function sendStoredFile(res: Response, blobs: BlobStore, file: StoredFile): Promise<void> {
  const bytes = await blobs.read(file.key);
  if (!bytes) throw notFound('The stored file is missing.');
  res
    .set({
      'Content-Type': file.mime_type,
      'Content-Disposition': inlineDisposition(file.original_name),
      'Cache-Control': 'private, no-cache',
    })
    .send(bytes);
}
