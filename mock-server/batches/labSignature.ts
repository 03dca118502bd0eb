import { LAB_CERTIFICATE_UPLOAD } from '../../src/domain/api/batches';
import { fieldError } from '../http/errors';
import { verifiesBytes } from '../kilns/kilnKeys';
import type { DataStore } from '../store/dataStore';

const FIELD = LAB_CERTIFICATE_UPLOAD.signatureField;
/** an Ed25519 signature: 64 bytes, 88 characters of base64 */
const BASE64_SIGNATURE = /^[A-Za-z0-9+/]{86}==$/;

/**
 * Whether a lab result is lab-signed (docs/decisions.md, "Production batches,
 * lab results and end use"): `certificate_signature`, the base64 Ed25519
 * signature of the certificate's exact bytes, verified by a key of the lab in
 * force now. No signature: not lab-signed. A signature that is not one, or
 * that no key of the lab in force verifies, is a 400 on the field: a result
 * sent as signed is never kept as unsigned without a word. 400 on lab_id for
 * no such laboratory.
 */
export async function labSignature(data: Pick<DataStore, 'labs'>, labId: number, bytes: Buffer, signature: unknown): Promise<boolean> {
  const lab = await data.labs.get(labId);
  if (!lab) throw fieldError('lab_id', 'lab_id must be a laboratory.');
  if (signature === undefined || (typeof signature === 'string' && signature.trim() === '')) return false;
  const text = typeof signature === 'string' ? signature.trim() : '';
  if (!BASE64_SIGNATURE.test(text))
    throw fieldError(FIELD, `${FIELD} must be the certificate's Ed25519 signature in base64 (88 characters), given once.`);
  const keys = (await data.labs.keys(labId)).filter((k) => k.revoked_ts === null);
  if (keys.length === 0) throw fieldError(FIELD, `${lab.name} has no key in force to verify ${FIELD} with.`);
  const raw = Buffer.from(text, 'base64');
  if (!keys.some((k) => verifiesBytes(k.public_key, bytes, raw)))
    throw fieldError(FIELD, `${FIELD} is not a signature of this certificate by a key of ${lab.name} in force.`);
  return true;
}
