import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { analyseLogText, generateBurn, KILN_TYPE, type KilnType } from '../../../mock-server/analysis';
import { buildPackage, type PackageBurnSource } from '../../../mock-server/auditPackage/build';
import type { PackageKey } from '../../../mock-server/auditPackage/manifest';
import type { PackageSigner } from '../../../mock-server/signing/packageSigner';
import { exactKg } from '../../../src/domain/carbon';
import type { AuditRow, FacilityRecord } from '../../../mock-server/store/model';
import { makeKilnLogRow } from '../../helpers/kilnLogRows';
import { makeFacility } from '../../helpers/facilities';

/**
 * Verification packages made in memory from simulated burns (no server): a
 * C-Go-1, a Terrafix and a Retort burn, the first signed by a kiln key made
 * here with Node crypto, the others unsigned; the package signed by a
 * console key made here too.
 */

const BOX = { latitude_min: -2, latitude_max: 0, longitude_min: 36, longitude_max: 38 };
const FACTORS = { cgo1: { wicf: 0.35, carbonRemovalFactor: 2.44 } };
const DAY_MS = 86_400_000;

export interface KilnKeyPair {
  privateKey: KeyObject;
  key: PackageKey;
}

export function kilnKeyPair(kilnId: string): KilnKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return {
    privateKey,
    key: {
      fingerprint: createHash('sha256').update(der).digest('hex'),
      kiln_id: kilnId,
      label: 'controller',
      public_key: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      created_ts: '2026-01-01T00:00:00.000Z',
      revoked_ts: null,
    },
  };
}

const CALIBRATION: Record<KilnType, { zero_weight: number; per_g_weight: number } | undefined> = {
  [KILN_TYPE.CGO1]: { zero_weight: 84210, per_g_weight: 2.5 },
  [KILN_TYPE.RETORT]: undefined,
  [KILN_TYPE.TERRAFIX]: { zero_weight: 153400, per_g_weight: 1.8 },
};

function burn(id: number, type: KilnType, signer: KilnKeyPair | null): PackageBurnSource {
  const kilnId = `K-${type}`;
  const calibration = CALIBRATION[type];
  const { text } = generateBurn({
    kiln_type: type,
    kiln_id: kilnId,
    seed: id,
    start_ts: Date.UTC(2026, 2, 1) + id * DAY_MS,
    calibration,
    facility: BOX,
  });
  const config =
    type === KILN_TYPE.CGO1
      ? { cgo1: calibration }
      : type === KILN_TYPE.TERRAFIX
        ? { terrafix: { per_g_weight: calibration?.per_g_weight } }
        : null;
  const analysed = analyseLogText(text, () => ({ kiln: { type, config }, facility: { ...BOX, kiln_type_config: FACTORS } }));
  if (!analysed.result) throw new Error(analysed.error_message ?? 'no result');
  const raw = Buffer.from(text, 'utf8');
  const { result } = analysed;
  const row = {
    ...makeKilnLogRow({
      id,
      kiln_id: kilnId,
      type,
      logts: analysed.logts,
      file_name: `burn-${id}.csv`,
      analysis: JSON.stringify(result),
      valid: result.valid === 'true',
    }),
    signed: signer !== null,
    key_fingerprint: signer?.key.fingerprint ?? null,
    signature: signer ? sign(null, raw, signer.privateKey).toString('base64') : null,
  };
  const frozen = {
    audit_id: 7,
    kilnlog_id: id,
    facility_id: 1,
    co2_removed: exactKg(result.co2_removed),
    biochar_produced: exactKg(result.biochar_produced),
    algorithm_version: result.algorithm_version,
    signed: row.signed,
    key_fingerprint: row.key_fingerprint,
    signature: row.signature,
  };
  return { row, raw, frozen };
}

export const AUDIT: AuditRow = {
  id: 7,
  job_id: 'JOB-VERIFY-1',
  kiln_type: -1,
  facility_id: 1,
  create_ts: '2026-04-01T08:00:00.000Z',
  analysis_ids: [11, 12, 13],
  signoff_ts: '2026-04-02T09:30:00.000Z',
  doc_key: '00000000-0000-4000-8000-000000000001.pdf',
  doc_mime_type: 'application/pdf',
  proposed_by: 4,
  signed_off_by: 1,
  methodology: 'spec-factor',
  methodology_version: 1,
};

export const FACILITY: FacilityRecord = makeFacility({ id: 1, mnemonic: 'NCW', name: 'Nairobi Char Works', ...BOX });

export const STATEMENT = Buffer.from('%PDF-1.4\n% a stand-in statement\n%%EOF\n');

/** The console key the fixture's packages are signed with. */
export const CONSOLE_KEY = generateKeyPairSync('ed25519');
export const CONSOLE_SIGNER: PackageSigner = {
  kid: createHash('sha256')
    .update(CONSOLE_KEY.publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex'),
  publicKeyPem: CONSOLE_KEY.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  sign: (bytes) => sign(null, bytes, CONSOLE_KEY.privateKey),
};

/** A fleet anomaly of burn 12 a second person checked the day before the signoff. */
export const ANOMALY_CHECK = {
  id: 3,
  code: 'GPS_JUMP',
  analysis_id: 12,
  other_analysis_id: 11,
  message: 'It was logged 14.2 km from the burn before it.',
  raised_ts: '2026-03-31T10:00:00.000Z',
  checked_ts: '2026-04-01T15:00:00.000Z',
  checked_by: { id: 2, username: 'useradmin' },
  note: 'The kiln was moved to the second site, as its facility reported on 30 March.',
};

export async function makePackage(signer: KilnKeyPair = kilnKeyPair('K-0')): Promise<{ zip: Uint8Array; signer: KilnKeyPair }> {
  const zip = await buildPackage({
    audit: AUDIT,
    facility: FACILITY,
    proposedBy: { id: 4, username: 'kilnadmin' },
    signedOffBy: { id: 1, username: 'superadmin' },
    burns: [burn(11, KILN_TYPE.CGO1, signer), burn(12, KILN_TYPE.TERRAFIX, null), burn(13, KILN_TYPE.RETORT, null)],
    statement: { bytes: STATEMENT, mime: 'application/pdf', ext: 'pdf' },
    keys: [signer.key],
    signer: CONSOLE_SIGNER,
    anomalyChecks: [ANOMALY_CHECK],
  });
  return { zip, signer };
}
