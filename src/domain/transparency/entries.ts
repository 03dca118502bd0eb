/**
 * What the transparency log records, one entry per act that makes or moves
 * credited carbon. An entry's bytes are its RFC 8785 canonical JSON (the kept
 * `canonicalize` library), so anyone re-encoding the same fields gets the same
 * leaf. Carbon is in whole grams, times are the server's ISO 8601 UTC.
 */
import canonicalize from 'canonicalize';
import { transactionKey } from '../minting';

/** A kiln log the server accepted. */
export interface KilnLogEntry {
  kind: 'kilnlog';
  log_id: number;
  kiln_id: string | null;
  sha256: string;
  key_fingerprint: string | null;
  received_ts: string;
}

/** An audit signed off: its verification package's manifest, fixed at signoff. */
export interface SignoffEntry {
  kind: 'signoff';
  audit_id: number;
  job_id: string;
  facility_id: number;
  manifest_sha256: string;
  signoff_ts: string;
}

/** A serial block [first, last] of grams; null when the part is 0 g. */
export type SerialBlock = readonly [number, number] | null;

/** An eco asset minted: its issued and buffered blocks and the audits it draws on. */
export interface IssuanceEntry {
  kind: 'issuance';
  asset_id: number;
  transaction_id: string;
  issued_g: number;
  buffer_g: number;
  issued_serials: SerialBlock;
  buffer_serials: SerialBlock;
  audit_ids: readonly number[];
  minted_ts: string;
}

/** Issued units retired for a beneficiary. */
export interface RetirementEntry {
  kind: 'retirement';
  asset_id: number;
  retirement_id: number;
  serials: readonly [number, number];
  retired_g: number;
  beneficiary: string;
  purpose: string;
  retired_ts: string;
}

/** A kiln key approved or revoked. */
export interface KilnKeyEntry {
  kind: 'kiln_key';
  act: 'approve' | 'revoke';
  kiln: number;
  key_id: number;
  fingerprint: string;
  ts: string;
}

/** A laboratory's key registered (in force at once: a super-admin registers it) or revoked: it decides which lab results are lab-signed. */
export interface LabKeyEntry {
  kind: 'lab_key';
  act: 'register' | 'revoke';
  lab: number;
  key_id: number;
  fingerprint: string;
  ts: string;
}

/** A kiln calibration approved: the numbers it puts in force, and from when. */
export interface CalibrationEntry {
  kind: 'calibration';
  kiln: number;
  calibration_id: number;
  /** the calibration's config JSON, as stored */
  config: string;
  effective_from: string | null;
  approved_ts: string;
}

/**
 * The log's start on a store that held acts already: the entries before it were brought in from
 * the store's records, oldest first; from it on, each act is appended as it happens.
 */
export interface LogStartEntry {
  kind: 'log_start';
  brought_in: number;
  started_ts: string;
}

export type TransparencyEntry =
  LogStartEntry | KilnLogEntry | SignoffEntry | IssuanceEntry | RetirementEntry | KilnKeyEntry | CalibrationEntry | LabKeyEntry;

export const ENTRY_KINDS = [
  'log_start',
  'kilnlog',
  'signoff',
  'issuance',
  'retirement',
  'kiln_key',
  'calibration',
  'lab_key',
] as const satisfies readonly TransparencyEntry['kind'][];

/** What an entry is of, one entry each: the log is looked up by it ('kilnlog:12', 'signoff:3'). */
export function entrySubject(entry: TransparencyEntry): string {
  switch (entry.kind) {
    case 'log_start':
      return 'log_start';
    case 'kilnlog':
      return kilnLogSubject(entry.log_id);
    case 'signoff':
      return signoffSubject(entry.audit_id);
    case 'issuance':
      return issuanceSubject(entry.asset_id);
    case 'retirement':
      return retirementSubject(entry.retirement_id);
    case 'kiln_key':
      return `kiln_key:${entry.act}:${entry.key_id}`;
    case 'calibration':
      return `calibration:${entry.calibration_id}`;
    case 'lab_key':
      return `lab_key:${entry.act}:${entry.key_id}`;
  }
}

export const kilnLogSubject = (logId: number) => `kilnlog:${logId}`;
export const signoffSubject = (auditId: number) => `signoff:${auditId}`;
export const issuanceSubject = (assetId: number) => `issuance:${assetId}`;
export const retirementSubject = (retirementId: number) => `retirement:${retirementId}`;

/** The lookup key of an asset's issuance, by its transaction id as the ledger compares them (transactionKey). */
export const transactionLookup = (transactionId: string) => `transaction:${transactionKey(transactionId)}`;
/** The lookup key of a signoff, by its verification package's SHA-256 (the zip's, as Audit History shows it). */
export const packageLookup = (sha256: string) => `package:${sha256.toLowerCase()}`;
/** The lookup key of a signoff, by its package manifest's SHA-256 (the entry's own manifest_sha256). */
export const manifestLookup = (sha256: string) => `manifest:${sha256.toLowerCase()}`;

/**
 * The keys an entry is found by besides its index, from its own fields: an issuance by its
 * transaction id, a signoff by its manifest. A package's digest (packageLookup) is filed once the
 * package is made, as its bytes hold the entry's proof.
 */
export function entryLookups(entry: TransparencyEntry): string[] {
  if (entry.kind === 'issuance') return [transactionLookup(entry.transaction_id)];
  if (entry.kind === 'signoff') return [manifestLookup(entry.manifest_sha256)];
  return [];
}

/** The entry's bytes: its canonical JSON in UTF-8. */
export function entryBytes(entry: TransparencyEntry): Uint8Array {
  for (const [field, value] of Object.entries(entry)) {
    if (typeof value === 'number' && !Number.isSafeInteger(value))
      throw new Error(`Entry field ${field} must be a whole number, not ${value}.`);
  }
  const text = canonicalize(entry);
  if (text === undefined) throw new Error('An entry must be JSON.');
  return new TextEncoder().encode(text);
}
