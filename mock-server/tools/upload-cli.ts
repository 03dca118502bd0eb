import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { fingerprintOfPrivate } from '../kilns/kilnKeys';
import { uploadFiles } from '../kilnlogs/uploadClient';

const USAGE = `Usage: npm run upload -- FILE... [--url http://localhost:3000] [--user uploader] [--password kiln-demo] [--key kiln-key.pem]

Sends each burn log to POST /api/kilnlogs/upload as the kiln would and prints
one line per file. With --key (the kiln's Ed25519 private key, PEM; make one
with npm run kiln-key) each file is signed and sent with Kiln-Key and
Kiln-Signature instead of logging in. Exits 1 if any file was not stored.`;

function readPrivateKey(file: string): string {
  const pem = fs.readFileSync(file, 'utf8');
  try {
    fingerprintOfPrivate(pem);
  } catch {
    throw new Error(`${file} holds no Ed25519 private key in PEM (make one with npm run kiln-key -- --out ${file}).`);
  }
  return pem;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      url: { type: 'string', default: 'http://localhost:3000' },
      user: { type: 'string', default: 'uploader' },
      password: { type: 'string', default: process.env.DEMO_PASSWORD || 'kiln-demo' },
      key: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || positionals.length === 0) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const privateKeyPem = values.key === undefined ? undefined : readPrivateKey(values.key);
  const outcomes = await uploadFiles(positionals, { url: values.url, user: values.user, password: values.password, privateKeyPem }, (o) =>
    (o.ok ? console.log : console.error)(o.line),
  );
  const failed = outcomes.filter((o) => !o.ok).length;
  if (failed > 0) console.error(`${failed} of ${outcomes.length} file(s) failed.`);
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
