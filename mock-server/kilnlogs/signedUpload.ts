import type { RequestHandler } from 'express';
import { HttpError } from '../http/errors';
import { uploadSignature, verifiesBytes, type UploadSignature } from '../kilns/kilnKeys';
import type { DataStore } from '../store/dataStore';
import type { KilnKeyRecord } from '../store/model';
import { UNSIGNED, type Admission } from './ingest';

/**
 * Who may file a log (docs/security.md, "Kiln identity"): a kiln, by an
 * active key of its own (Kiln-Key, Kiln-Signature), with or without a bearer
 * token; or the uploader role, unsigned, for a kiln that has no active key.
 * A key is active once a super-admin approved it and until it is revoked: a
 * pending key signs nothing, and does not make its kiln require signatures.
 * Keys are read from the store on every upload, never cached, so a
 * revocation holds at once on every server sharing the store.
 */

const refused = (message: string) => new HttpError(401, message);

/** Whether a key signs for its kiln: approved by a super-admin, not revoked. */
export const isActiveKey = (k: Pick<KilnKeyRecord, 'approved_ts' | 'revoked_ts'>) => k.approved_ts !== null && k.revoked_ts === null;

/** Whether the kiln (record id) has an active key. */
export async function hasActiveKey(data: Pick<DataStore, 'kilns'>, kilnId: number): Promise<boolean> {
  return (await data.kilns.keys(kilnId)).some(isActiveKey);
}

/** Whether a request names a kiln key or carries a signature: a signed upload, whose headers the upload checks. */
export const hasKilnSignature = (req: { get(name: string): string | undefined }) =>
  req.get('kiln-key') !== undefined || req.get('kiln-signature') !== undefined;

/** True for the request authenticate() lets through without a bearer token: an upload naming a kiln key (checked by the upload itself). */
export const isSignedUpload = (req: { method: string; path: string; get(name: string): string | undefined }) =>
  req.method === 'POST' && req.path === '/kilnlogs/upload' && hasKilnSignature(req);

/**
 * Before the body is read: a signed upload's headers must be well-formed
 * (400), and the signature is kept for the upload. An unsigned upload has
 * passed the uploader's rule already (auth/middleware.ts, operationGuard).
 */
export const readSignature: RequestHandler = (req, res, next) => {
  const signature = uploadSignature((name: string) => req.get(name));
  if (signature) res.locals.kilnSignature = signature;
  next();
};

/** The signature the guard read, if any. */
export const signatureOf = (locals: Record<string, unknown>): UploadSignature | null =>
  (locals.kilnSignature as UploadSignature | undefined) ?? null;

/** 401 unless the key is registered, active (approved, not revoked), and its signature is over exactly these bytes; answers the key. */
export async function checkSignature(data: Pick<DataStore, 'kilns'>, signature: UploadSignature, bytes: Buffer): Promise<KilnKeyRecord> {
  const key = await data.kilns.keyByFingerprint(signature.fingerprint);
  if (!key) throw refused('Kiln-Key names no registered kiln key: register the public key on its kiln first.');
  if (key.revoked_ts !== null)
    throw refused(`The key ${key.fingerprint.slice(0, 16)}… was revoked on ${key.revoked_ts}: its signatures are refused.`);
  if (key.approved_ts === null)
    throw refused(`The key ${key.fingerprint.slice(0, 16)}… is not approved yet: its signatures count once a super-admin approves it.`);
  if (!verifiesBytes(key.public_key, bytes, signature.signature)) {
    throw refused('The signature does not match the file: it was altered after signing, or signed with another key.');
  }
  return key;
}

/** What the upload is filed as once the kiln it names is known; 401 when that kiln's rules refuse it. */
export function admission(data: Pick<DataStore, 'kilns'>, signed: { key: KilnKeyRecord; signature: UploadSignature } | null): Admission {
  return async (row) => {
    const named = row.kiln_id ?? 'no kiln';
    if (!signed) {
      if (row.kiln !== null && (await hasActiveKey(data, row.kiln))) {
        throw refused(`Kiln ${named} signs its logs: an unsigned upload for it is refused (send Kiln-Key and Kiln-Signature).`);
      }
      return UNSIGNED;
    }
    if (row.kiln === null || signed.key.kiln_id !== row.kiln) {
      throw refused(
        `The file is signed by another kiln's key: the log names ${row.kiln === null ? `${named}, which is not a registered kiln` : `kiln ${named}`}.`,
      );
    }
    // read again now: a revocation since the signature was checked holds
    const now = (await data.kilns.keys(row.kiln)).find((k) => k.id === signed.key.id);
    if (!now || now.revoked_ts !== null)
      throw refused(`The key ${signed.key.fingerprint.slice(0, 16)}… was revoked: its signatures are refused.`);
    return { signed: true, key_fingerprint: signed.key.fingerprint, signature: signed.signature.base64 };
  };
}
