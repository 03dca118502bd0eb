import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where files live (burn logs, analysis charts, photos, thumbnails,
 * statements, evidence): a local folder or an S3-compatible bucket, behind
 * one interface. Keys are made by the server (newBlobKey, or a fixed scheme such
 * as analysis/<id>.json); nothing a client sends becomes part of a key.
 */

export interface BlobInfo {
  key: string;
  size: number;
  /** when its content was last written (the start-up sweep spares files younger than its grace period) */
  modified: Date;
}

export interface BlobRead {
  /** the content as a stream: a download is never held whole in memory */
  stream: Readable;
  size: number;
}

export interface Blobs {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType?: string): Promise<void>;
  /** a stream of the content, or null when there is none */
  get(key: string): Promise<BlobRead | null>;
  /** the whole content, for the small files the server itself must parse; null when there is none */
  readAll(key: string): Promise<Buffer | null>;
  /** deletes; a key already gone is not an error */
  remove(key: string): Promise<void>;
  /**
   * every key under a prefix (e.g. an area), in key order (keyOrder.ts), read
   * a page of at most pageSize keys at a time: a listing of any length holds
   * about a page in memory
   */
  list(prefix?: string, pageSize?: number): AsyncIterable<BlobInfo>;
  /** deletes every key under a prefix (tests empty an area with it; the server and the seed never do) */
  removePrefix(prefix: string): Promise<void>;
  /** removes what writes cut short by a crash left behind (at start, before any write); answers how many */
  removeInterruptedWrites(): Promise<number>;
  /** throws unless files can be stored and read now (the readiness check) */
  checkHealth(): Promise<void>;
}

const AREA = /^[a-z][a-z0-9-]*$/;
const EXTENSION = /^[a-z0-9]{1,5}$/;
/** area/name[/name...]: lower-case area, then names of letters, digits, '.', '_' and '-', never '.' or '..' */
const KEY = /^[a-z][a-z0-9-]*(\/(?!\.{1,2}(\/|$))[A-Za-z0-9._-]{1,200})+$/;
const PREFIX = /^([a-z][a-z0-9-]*\/?)?$/;

/** A new key in an area: <area>/<uuid>.<ext>. */
export function newBlobKey(area: string, extension: string): string {
  if (!AREA.test(area) || !EXTENSION.test(extension)) throw new Error(`Not a file area or extension: ${area} ${extension}`);
  return `${area}/${randomUUID()}.${extension}`;
}

export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a file key: ${key}`);
  return key;
}

/** A listing prefix: empty, or an area with or without its slash. */
export function checkPrefix(prefix: string): string {
  if (!PREFIX.test(prefix)) throw new Error(`Not a file prefix: ${prefix}`);
  return prefix;
}

/** The first key the storage holds, or null when it holds nothing. */
export async function anyFile(blobs: Blobs): Promise<string | null> {
  for await (const file of blobs.list('')) return file.key;
  return null;
}

/** Reads a stream to its end (for readAll). */
export async function drain(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
