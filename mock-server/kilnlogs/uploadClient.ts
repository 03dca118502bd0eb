import fs from 'node:fs/promises';
import path from 'node:path';
import type { KilnLog } from '../../src/domain/api/kilnLogs';
import { fingerprintOfPrivate, signBytes } from '../kilns/kilnKeys';

/** What `npm run upload` does: log in, then send each file as a kiln would. */

export interface UploadOptions {
  /** the server, e.g. http://localhost:3000 */
  url: string;
  user: string;
  password: string;
  /** a kiln's Ed25519 private key (PEM): each file is signed with it and sent without logging in (docs/security.md, "Kiln identity") */
  privateKeyPem?: string;
}

export interface UploadOutcome {
  file: string;
  ok: boolean;
  line: string;
}

async function messageOf(res: Response): Promise<string> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // not JSON: show the text itself
  }
  return text.trim() || res.statusText;
}

/** The one-line verdict on a stored log: valid, invalid with its rule codes, or error with its message. */
export function describeLog(log: KilnLog): string {
  if (log.error_message !== null) return `log ${log.id}: error: ${log.error_message}`;
  if (log.valid) return `log ${log.id}: valid`;
  let codes: string[] = [];
  try {
    const result = JSON.parse(log.analysis ?? '{}') as { reasons?: { code: string }[] };
    codes = (result.reasons ?? []).map((r) => r.code);
  } catch {
    // an unreadable result still says invalid
  }
  return `log ${log.id}: invalid${codes.length ? ` (${codes.join(', ')})` : ''}`;
}

async function login(base: string, options: UploadOptions): Promise<string> {
  const res = await fetch(`${base}/api/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: options.user, password: options.password }),
  });
  if (res.status !== 200) throw new Error(`Login as ${options.user} failed: ${res.status} ${await messageOf(res)}`);
  return res.text();
}

/** How an upload proves itself: the uploader's token, or the kiln's key signing each file. */
type Credential = { token: string } | { privateKeyPem: string; fingerprint: string };

function credentialHeaders(credential: Credential, bytes: Buffer): Record<string, string> {
  if ('token' in credential) return { Authorization: `Bearer ${credential.token}` };
  return { 'Kiln-Key': credential.fingerprint, 'Kiln-Signature': signBytes(credential.privateKeyPem, bytes) };
}

async function uploadOne(base: string, credential: Credential, file: string): Promise<UploadOutcome> {
  const name = path.basename(file);
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch (err) {
    return { file, ok: false, line: `${file} → failed: cannot read it (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), name);
  const res = await fetch(`${base}/api/kilnlogs/upload`, { method: 'POST', headers: credentialHeaders(credential, bytes), body: form });
  if (res.status !== 201) return { file, ok: false, line: `${file} → failed: ${res.status} ${await messageOf(res)}` };
  // the 201 body is a KilnLog row (openapi.yaml, POST /kilnlogs/upload)
  const log: KilnLog = await res.json();
  return {
    file,
    ok: true,
    line: `${file} → ${describeLog(log)}${log.signed ? ` (signed by key ${log.key_fingerprint?.slice(0, 16)}…)` : ''}`,
  };
}

/**
 * Uploads the files one after another, reporting each as it goes. A file the
 * server stored is a success even when its analysis says invalid or error.
 */
export async function uploadFiles(
  files: readonly string[],
  options: UploadOptions,
  report: (o: UploadOutcome) => void,
): Promise<UploadOutcome[]> {
  const base = options.url.replace(/\/+$/, '');
  const credential: Credential = options.privateKeyPem
    ? { privateKeyPem: options.privateKeyPem, fingerprint: fingerprintOfPrivate(options.privateKeyPem) }
    : { token: await login(base, options) };
  const outcomes: UploadOutcome[] = [];
  for (const file of files) {
    const outcome = await uploadOne(base, credential, file);
    report(outcome);
    outcomes.push(outcome);
  }
  return outcomes;
}
