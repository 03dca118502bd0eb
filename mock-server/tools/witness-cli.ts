import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { printable } from '../auditPackage/verify';
import { witnessLog, type WitnessState } from '../transparency/witness';

const USAGE = `Usage: npm run witness -- --url URL --state FILE [--trust KEY]

Witnesses the console's transparency log (docs/operations.md, "Witnessing the transparency log"):
fetches URL/api/transparency/checkpoint, checks its signature, and checks with the log's
consistency proof that the checkpoint kept in FILE is a prefix of it; then keeps the new one.
KEY is the log's verifier key (origin+key id+base64, as the first run prints it); without it
the first run trusts the console's current signing key. Exit 0 accepted, 1 the log is
inconsistent or not signed by the trusted key (both checkpoints printed), 2 the log or FILE
could not be read (64: called wrongly).`;

function readState(file: string): WitnessState | null {
  if (!fs.existsSync(file)) return null;
  const state = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<WitnessState>;
  if (typeof state.verifier_key !== 'string' || typeof state.checkpoint !== 'string') throw new Error(`${file} is not a witness state`);
  return { verifier_key: state.verifier_key, checkpoint: state.checkpoint };
}

/** Written beside the file, then renamed over it: a run cut short never leaves half a state. */
function writeState(file: string, state: WitnessState): void {
  const next = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  fs.writeFileSync(next, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(next, file);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: { url: { type: 'string' }, state: { type: 'string' }, trust: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.url || !values.state) {
    console.error(USAGE);
    return 64;
  }
  let held: WitnessState | null;
  try {
    held = readState(values.state);
  } catch (error) {
    console.log(printable(`UNREADABLE: ${(error as Error).message}`));
    return 2;
  }
  const base = values.url.replace(/\/+$/, '');
  const run = await witnessLog(
    async (call) => {
      const res = await fetch(`${base}${call}`, { signal: AbortSignal.timeout(30_000) });
      return { status: res.status, text: await res.text() };
    },
    held,
    values.trust ?? null,
  );
  for (const line of run.lines) console.log(printable(line));
  if (run.state) writeState(values.state, run.state);
  return run.code;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error);
  process.exitCode = 2;
}
