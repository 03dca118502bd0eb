import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import { fingerprintOf, privateKeyFromSeed, signBytes } from '../kilns/kilnKeys';
import type { KilnLogRecord } from '../store/model';
import type { Seeder } from '.';

/**
 * The demo kilns' keys (docs/security.md, "Kiln identity"). DEMO ONLY: each
 * private key is derived from the kiln id (SHA-256 of a fixed text and the id
 * is the Ed25519 seed), so anyone can sign as a demo kiln; a real kiln makes
 * its key pair itself (npm run kiln-key, or the console's Keys dialog).
 */

/** the demo kiln left without a key, so the console shows both states */
export const UNSIGNED_DEMO_KILN = 'RTR-0011';

/** The derived private key of a demo kiln; demo only. */
export function demoKilnPrivateKey(kilnId: string): KeyObject {
  return privateKeyFromSeed(createHash('sha256').update(`kiln-console demo kiln key (demo only) ${kilnId}`).digest());
}

/** A demo key's label: it says it is a demo key, derived from the kiln id. */
export const demoKeyLabel = (kilnId: string) => `Demo key — ${kilnId} (derived from the kiln id: demo only)`;

/**
 * When a demo kiln's key was made: the day before the kiln was installed, so
 * before any burn it signs (the seed's burns start on the install day at the
 * earliest). Approved at once: the seed's keys are the demo's starting point.
 */
export const demoKeyCreated = (installDate: string) => new Date(Date.parse(installDate) - 86_400_000 + 9 * 3_600_000).toISOString();

/** Keys for every seeded kiln but UNSIGNED_DEMO_KILN (DEMO_KILN_KEYS=0: none). */
export const seedKilnKeys: Seeder = (state, ctx) => {
  if (!ctx.config.demoKilnKeys) return;
  state.kiln_keys = state.kilns
    .filter((k) => k.kiln_id !== UNSIGNED_DEMO_KILN)
    .map((k, i) => {
      const publicKey = createPublicKey(demoKilnPrivateKey(k.kiln_id));
      const created = demoKeyCreated(k.install_date);
      return {
        id: i + 1,
        kiln_id: k.id,
        fingerprint: fingerprintOf(publicKey),
        label: demoKeyLabel(k.kiln_id),
        public_key: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        created_ts: created,
        created_by: null,
        approved_ts: created,
        approved_by: null,
        revoked_ts: null,
      };
    });
};

/** Signs a seeded log as its kiln would, when the kiln it is filed under has a demo key. */
export function signAsDemoKiln(
  state: { kilns: readonly { id: number; kiln_id: string }[]; kiln_keys: readonly { kiln_id: number; fingerprint: string }[] },
  row: KilnLogRecord,
  bytes: Buffer,
): void {
  const key = row.kiln === null ? undefined : state.kiln_keys.find((k) => k.kiln_id === row.kiln);
  const kiln = key && state.kilns.find((k) => k.id === key.kiln_id);
  if (!key || !kiln) return;
  Object.assign(row, { signed: true, key_fingerprint: key.fingerprint, signature: signBytes(demoKilnPrivateKey(kiln.kiln_id), bytes) });
}
