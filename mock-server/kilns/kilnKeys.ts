import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { HttpError } from '../http/errors';

/**
 * A kiln's identity (docs/security.md, "Kiln identity"): Ed25519 keys, the
 * fingerprint that names one, and the signature over a log's exact bytes.
 * Node's crypto does the work; nothing here is hand-rolled.
 */

/** 400 on public_key: a fingerprint is registered once, across every kiln, revoked or not (a store rule). */
export { KEY_TAKEN, keyTaken } from '../store/kilnRules';

/** lowercase hex SHA-256 of the key's DER SPKI bytes */
export function fingerprintOf(key: KeyObject): string {
  return createHash('sha256')
    .update(key.export({ type: 'spki', format: 'der' }))
    .digest('hex');
}

export interface ParsedPublicKey {
  /** the key as SPKI PEM, normalised */
  pem: string;
  fingerprint: string;
}

const PUBLIC_PEM = /^-----BEGIN PUBLIC KEY-----\r?\n[A-Za-z0-9+/=\r\n]+-----END PUBLIC KEY-----\r?\n?$/;

/** An Ed25519 public key in SPKI PEM, or the reason it is not one (for the field error). */
export function parsePublicKey(text: string): ParsedPublicKey | { reason: string } {
  const pem = text.trim() + '\n';
  if (/PRIVATE KEY-----/.test(pem))
    return { reason: 'This is a private key: paste the public key (BEGIN PUBLIC KEY), and keep the private key on the kiln.' };
  if (!PUBLIC_PEM.test(pem))
    return { reason: 'Not a public key in PEM (SPKI): it must run from -----BEGIN PUBLIC KEY----- to -----END PUBLIC KEY-----.' };
  let key: KeyObject;
  try {
    key = createPublicKey({ key: pem, format: 'pem' });
  } catch {
    return { reason: 'The PEM does not hold a readable public key.' };
  }
  if (key.asymmetricKeyType !== 'ed25519')
    return {
      reason: `An Ed25519 key is needed; this is a${key.asymmetricKeyType === 'ec' || key.asymmetricKeyType === 'rsa' ? 'n' : ''} ${(key.asymmetricKeyType ?? 'unknown').toUpperCase()} key.`,
    };
  return { pem: key.export({ type: 'spki', format: 'pem' }).toString(), fingerprint: fingerprintOf(key) };
}

/** Whether `signature` is the Ed25519 signature of `bytes` by the public key in `publicPem`. */
export function verifiesBytes(publicPem: string, bytes: Buffer, signature: Buffer): boolean {
  try {
    return verify(null, bytes, createPublicKey(publicPem), signature);
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- the upload's headers
export const KEY_HEADER = 'kiln-key';
export const SIGNATURE_HEADER = 'kiln-signature';
/** a fingerprint is 64 characters, a signature 88: anything much longer is refused before it is read */
const MAX_HEADER_LENGTH = 200;

export interface UploadSignature {
  fingerprint: string;
  signature: Buffer;
  /** as sent, base64: what the log records */
  base64: string;
}

const badHeader = (header: string, reason: string): never => {
  throw new HttpError(400, `${header}: ${reason}`, {}, { [header]: reason });
};

/** The Kiln-Key and Kiln-Signature of an upload: null when it carries neither; 400 when one is missing or malformed. */
export function uploadSignature(get: (name: string) => string | undefined): UploadSignature | null {
  const key = get(KEY_HEADER);
  const sig = get(SIGNATURE_HEADER);
  if (key === undefined && sig === undefined) return null;
  if (key === undefined) return badHeader('Kiln-Key', 'missing: a signed upload names its key by fingerprint.');
  if (sig === undefined) return badHeader('Kiln-Signature', 'missing: a signed upload carries the signature of the file.');
  if (key.length > MAX_HEADER_LENGTH) return badHeader('Kiln-Key', 'too long: a fingerprint is 64 hex digits.');
  if (sig.length > MAX_HEADER_LENGTH)
    return badHeader('Kiln-Signature', 'too long: an Ed25519 signature is 64 bytes (88 base64 characters).');
  const fingerprint = key.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(fingerprint)) return badHeader('Kiln-Key', 'not a fingerprint: 64 hex digits (SHA-256 of the key) expected.');
  const base64 = sig.trim();
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0) return badHeader('Kiln-Signature', 'not base64.');
  const signature = Buffer.from(base64, 'base64');
  if (signature.length !== 64) return badHeader('Kiln-Signature', `an Ed25519 signature is 64 bytes, this one is ${signature.length}.`);
  return { fingerprint, signature, base64 };
}

// ---------------------------------------------------------------- the kiln's side (CLI, seed)
/** The base64 signature of `bytes` with an Ed25519 private key (PEM PKCS#8 or a KeyObject). */
export function signBytes(privateKey: string | KeyObject, bytes: Buffer): string {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  return sign(null, bytes, key).toString('base64');
}

/** A new key pair: the private key's PKCS#8 PEM (for the kiln) and the public key's SPKI PEM (to register). */
export function newKeyPair(): { privatePem: string; publicPem: string; fingerprint: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    fingerprint: fingerprintOf(publicKey),
  };
}

/** The fingerprint of the public half of a private key (PEM). */
export function fingerprintOfPrivate(privatePem: string): string {
  return fingerprintOf(createPublicKey(createPrivateKey(privatePem)));
}

/** PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The Ed25519 private key whose seed is these 32 bytes (the demo seed's derived keys). */
export function privateKeyFromSeed(seed: Buffer): KeyObject {
  if (seed.length !== 32) throw new Error('An Ed25519 seed is 32 bytes.');
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}
