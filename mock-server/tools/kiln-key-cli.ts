import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { newKeyPair } from '../kilns/kilnKeys';

const USAGE = `Usage: npm run kiln-key -- --out kiln-key.pem

Makes an Ed25519 key pair for a kiln (docs/security.md, "Kiln identity"):
writes the private key (PEM, PKCS#8) to --out, readable by its owner only,
and prints the public key (PEM) to register on the kiln in the Kiln Registry
(Keys), with its fingerprint. An existing file is never overwritten.`;

function main(): number {
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } } });
  if (values.help || !values.out) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const pair = newKeyPair();
  // 'wx': never overwrite a key a kiln may already sign with
  fs.writeFileSync(values.out, pair.privatePem, { mode: 0o600, flag: 'wx' });
  console.log(pair.publicPem.trimEnd());
  console.error(
    `Private key written to ${values.out}; fingerprint ${pair.fingerprint}. Register the public key above on the kiln: it signs once a super-admin has approved it (at once if a super-admin registers it).`,
  );
  return 0;
}

try {
  process.exit(main());
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
