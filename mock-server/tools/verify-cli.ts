import { readFile } from 'node:fs/promises';
import { createPublicKey } from 'node:crypto';
import { kidOfKey, printable, verifyPackage, type TrustedKey } from '../auditPackage/verify';

/**
 * npm run verify -- PACKAGE.zip [--trust KEY]: checks an audit's
 * verification package offline (mock-server/auditPackage/verify.ts). KEY
 * pins the console's signing key: its kid (GET /api/signing-keys) or a PEM
 * file of it. Exit 0 verified, 1 a difference (each named), 2 an algorithm
 * version this code does not run while everything else holds (64: called
 * wrongly).
 */

const USAGE = 'Usage: npm run verify -- PACKAGE.zip [--trust KID|KEY.pem]';

async function trusted(value: string): Promise<TrustedKey> {
  if (/^[0-9a-f]{64}$/i.test(value)) return { kid: value.toLowerCase(), key: null };
  const key = createPublicKey(await readFile(value, 'utf8'));
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${value} is not an Ed25519 public key`);
  return { kid: kidOfKey(key), key };
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const at = args.indexOf('--trust');
  const trust = at === -1 ? undefined : args[at + 1];
  const paths = at === -1 ? args : args.filter((_, i) => i !== at && i !== at + 1);
  if (paths.length !== 1 || (at !== -1 && trust === undefined)) {
    console.error(USAGE);
    return 64;
  }
  let pinned: TrustedKey | undefined;
  try {
    pinned = trust === undefined ? undefined : await trusted(trust);
  } catch (error) {
    console.error(
      printable(`--trust ${trust}: neither a kid (64 hex digits) nor a readable Ed25519 public key PEM file (${(error as Error).message})`),
    );
    return 64;
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(paths[0]);
  } catch (error) {
    console.log(printable(`DIFFERENT: ${paths[0]}: cannot be read (${(error as Error).message})`));
    return 1;
  }
  const { code, lines } = await verifyPackage(bytes, { trust: pinned });
  for (const line of lines) console.log(line);
  return code;
}

process.exitCode = await main();
