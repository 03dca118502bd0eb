import fs from 'node:fs';
import path from 'node:path';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../blobs/privateFiles';

/**
 * The console's package signing key (docs/security.md, "Trust model"): an
 * Ed25519 key that signs each verification package's SHA256SUMS. Its kid is
 * the lowercase hex SHA-256 of its public key's DER SPKI bytes, as a kiln
 * key's fingerprint is.
 */

export const SIGNING_KEY_FILE = 'package-signing-key.pem';

export interface PackageSigner {
  kid: string;
  /** SPKI PEM */
  publicKeyPem: string;
  /** the raw 64-byte Ed25519 signature over the bytes */
  sign(bytes: Uint8Array): Buffer;
}

export const kidOf = (publicKey: KeyObject): string =>
  createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex');

function signerOf(privateKey: KeyObject): PackageSigner {
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error(`PACKAGE_SIGNING_KEY must be an Ed25519 private key (PKCS#8 PEM); it is ${privateKey.asymmetricKeyType ?? 'not one'}.`);
  }
  const publicKey = createPublicKey(privateKey);
  return {
    kid: kidOf(publicKey),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    sign: (bytes) => sign(null, bytes, privateKey),
  };
}

function parsePrivate(pem: string, source: string): KeyObject {
  try {
    // an environment variable often carries the PEM's line breaks as the two characters \n
    return createPrivateKey({ key: pem.includes('-----BEGIN') ? pem.replace(/\\n/g, '\n') : pem, format: 'pem' });
  } catch {
    throw new Error(`${source} is not a PKCS#8 PEM private key (openssl genpkey -algorithm ed25519).`);
  }
}

/** A fresh Ed25519 private key, PKCS#8 PEM. */
export const newSigningKeyPem = (): string => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** PACKAGE_SIGNING_KEY from the environment, else one generated once and kept in DATA_DIR (mode 0600). */
export function loadPackageSigner(dataDir: string, fromEnv?: string): PackageSigner {
  if (fromEnv !== undefined) return signerOf(parsePrivate(fromEnv, 'PACKAGE_SIGNING_KEY'));
  const file = path.join(dataDir, SIGNING_KEY_FILE);
  if (!fs.existsSync(file)) {
    ensurePrivateDir(dataDir);
    fs.writeFileSync(file, newSigningKeyPem(), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  }
  return signerOf(parsePrivate(fs.readFileSync(file, 'utf8'), file));
}
