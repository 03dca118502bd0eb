import type { SigningKeysResponse } from '../../src/domain/api/signingKeys';
import type { ConsistencyProofResponse } from '../../src/domain/api/transparency';
import { openSignedCheckpoint, parseVerifierKey, verifierKey, type Checkpoint } from '../../src/domain/transparency/checkpoint';
import { judgeCheckpoint } from '../../src/domain/transparency/witness';
import { rawPublicKey, verifyNote } from './log';

/**
 * A witness of the console's transparency log (npm run witness): it keeps the last checkpoint it
 * accepted, and accepts a new one only when it is signed by the key it trusts and the log proves
 * the tree it held is a prefix of the new one (docs/operations.md, "Witnessing the transparency log").
 */

/** What a witness keeps between runs: the key it trusts and the last checkpoint it accepted. */
export interface WitnessState {
  /** C2SP verifier key: origin+key id+base64 key */
  verifier_key: string;
  /** the last checkpoint accepted, as the signed note the log served */
  checkpoint: string;
}

export interface WitnessRun {
  /** 0: accepted, 1: the log is inconsistent or its signature fails, 2: the log could not be read */
  code: 0 | 1 | 2;
  lines: string[];
  /** the state to keep, when accepted */
  state?: WitnessState;
}

/** Reads one of the log's public calls: its status and body text. */
export type LogReader = (path: string) => Promise<{ status: number; text: string }>;

class Unreadable extends Error {}

async function read(get: LogReader, path: string): Promise<string> {
  let answer: { status: number; text: string };
  try {
    answer = await get(path);
  } catch (error) {
    throw new Unreadable(`GET ${path} failed: ${(error as Error).message}`);
  }
  if (answer.status !== 200) throw new Unreadable(`GET ${path} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  return answer.text;
}

const originOf = (note: string) => note.slice(0, Math.max(0, note.indexOf('\n')));

/** The key to trust: the one kept, else the one given, else the console's current signing key (trusted on first use). */
async function keyToTrust(get: LogReader, held: WitnessState | null, trust: string | null, note: string, lines: string[]): Promise<string> {
  if (held) return held.verifier_key;
  if (trust) return trust;
  const keys = (JSON.parse(await read(get, '/api/signing-keys')) as SigningKeysResponse).keys.filter((k) => k.retired_ts === null);
  if (keys.length !== 1) throw new Unreadable('GET /api/signing-keys names no single key in use.');
  const key = verifierKey(originOf(note), rawPublicKey(keys[0].public_key));
  lines.push(`Trusting on first use the log's key ${key} (pass --trust to pin one).`);
  return key;
}

function inconsistent(reason: string, held: string | null, fetched: string): WitnessRun {
  return {
    code: 1,
    lines: [
      `INCONSISTENT: ${reason}.`,
      ...(held ? ['Held checkpoint:', ...held.trimEnd().split('\n')] : []),
      'Fetched checkpoint:',
      ...fetched.trimEnd().split('\n'),
    ],
  };
}

/** One witness run: fetch the log's checkpoint, check its signature and its consistency with the one held. */
export async function witnessLog(get: LogReader, held: WitnessState | null, trust: string | null): Promise<WitnessRun> {
  const lines: string[] = [];
  try {
    const note = await read(get, '/api/transparency/checkpoint');
    const key = await keyToTrust(get, held, trust, note, lines);
    if (held && trust && trust !== held.verifier_key)
      return inconsistent(`the key given (${trust}) is not the one this state trusts (${held.verifier_key})`, held.checkpoint, note);
    const verifier = parseVerifierKey(key);
    if (!verifier) return { code: 2, lines: [`Not a verifier key: ${key}`] };
    const fetched = openSignedCheckpoint(note, verifier.name, verifier.publicKey, verifyNote);
    if (!fetched.ok)
      return inconsistent(`the fetched checkpoint does not open with the trusted key: ${fetched.reason}`, held?.checkpoint ?? null, note);
    let before: Checkpoint | null = null;
    if (held) {
      const opened = openSignedCheckpoint(held.checkpoint, verifier.name, verifier.publicKey, verifyNote);
      if (!opened.ok) return { code: 2, lines: [`The held checkpoint does not open with its own key: ${opened.reason}`] };
      before = opened.checkpoint;
    }
    const now = fetched.checkpoint;
    const needsProof = before !== null && before.size > 0 && now.size > before.size;
    const proof = needsProof
      ? (
          JSON.parse(
            await read(get, `/api/transparency/proof/consistency?first=${before!.size}&second=${now.size}`),
          ) as ConsistencyProofResponse
        ).hashes.map((h) => new Uint8Array(Buffer.from(h, 'hex')))
      : [];
    const verdict = judgeCheckpoint(before, now, proof);
    if (!verdict.ok) return inconsistent(verdict.reason, held?.checkpoint ?? null, note);
    lines.push(
      before === null
        ? `OK: ${now.origin} at ${now.size} entries, held from now on.`
        : verdict.grew
          ? `OK: ${now.origin} grew from ${before.size} to ${now.size} entries, consistently.`
          : `OK: ${now.origin} unchanged at ${now.size} entries.`,
    );
    return { code: 0, lines, state: { verifier_key: key, checkpoint: note } };
  } catch (error) {
    if (error instanceof Unreadable || error instanceof SyntaxError) return { code: 2, lines: [...lines, `UNREADABLE: ${error.message}`] };
    throw error;
  }
}
