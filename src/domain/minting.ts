/**
 * The rules of minting (docs/product.md#minting-validation), shared by the console's Mint Eco
 * Asset modal and the API server: kilograms are counted in whole grams, so a
 * float sum never lets a fraction of a kilogram through twice, and an amount
 * is bounded by what remains of its audit (audited minus utilised CO2).
 * Pure functions: no React, no server.
 */
import type { AvailableCo2Response, MintPayload } from './api/ecoAssets';
import type { AuditIdentitySource } from './audits/identity';
import { CARBON_DECIMALS, formatCarbon, toGrams, toKg } from './carbon';
import {
  compactErrors,
  decimalPlaces,
  MAX_RECORD_ID,
  numberError,
  textError,
  toNumber,
  type FieldErrors,
  type NumberRule,
  type ValidationErrorKey,
} from './validation';

export const MINT_LIMITS = {
  /** characters of the minting note */
  noteLength: 500,
  /** characters of the transaction ID */
  transactionIdLength: 200,
  /** decimals of a kg amount: whole grams */
  kgDecimals: CARBON_DECIMALS.exact,
  /** audits one mint may draw on: far above a real mint, low enough that checking and storing one stays cheap */
  allocations: 200,
} as const;

/**
 * Characters a reader cannot see or that are not text: controls, format
 * characters (zero-width spaces and joiners, bidi marks, the soft hyphen),
 * line and paragraph separators and the other default-ignorable code points
 * (variation selectors, Hangul fillers). A transaction ID holding one would
 * look like another ID while comparing different.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'gu');

/** True when text holds a character INVISIBLE names. */
export const hasInvisibleCharacters = (text: string): boolean => INVISIBLE.test(text);

/**
 * The form transaction IDs are compared in, as a registry's reader would
 * tell them apart: compatibility forms folded (NFKC: full-width letters,
 * ligatures, non-breaking spaces), invisible characters dropped, case folded
 * (upper then lower, so ß and SS meet), outer spaces trimmed.
 */
export function transactionKey(transactionId: string): string {
  const folded = transactionId.normalize('NFKC').replace(INVISIBLE_ALL, '').toUpperCase().toLowerCase().normalize('NFKC');
  return folded.trim();
}

/** docs/product.md#minting-validation: the message when no amount above 0 is chosen */
export const NOTHING_CHOSEN = 'Please choose greater than 0 co2 from at least one source.';

/** A mint bound as the modal shows it, in its helper and its error alike: to the gram, with thousands separators. */
export const formatBound = (kg: number): string => formatCarbon(kg, 'exact');

/** What remains of an audit to allocate, in kg of whole grams, never below 0. */
export function remainingKg(audit: { audited_co2: number; utilised_co2: number }): number {
  return toKg(Math.max(0, toGrams(audit.audited_co2) - toGrams(audit.utilised_co2)));
}

/** An amount's bounds (docs/product.md#minting-validation): 0 to what remains of its audit, in whole grams. */
export const amountRule = (remaining: number): NumberRule => ({ min: 0, max: remaining, decimals: MINT_LIMITS.kgDecimals });

/** The amount a typed value stands for (blank or unreadable: 0). */
export const amountKg = (value: unknown): number => toNumber(value) ?? 0;

export interface MintFormValues {
  minting_note: string;
  transaction_id: string;
  /** signoff id → kg as typed */
  amounts: Record<string, number | string | null | undefined>;
}

/** True when at least one amount is above 0 (in whole grams). */
export const anythingChosen = (amounts: MintFormValues['amounts']): boolean => Object.values(amounts).some((v) => toGrams(amountKg(v)) > 0);

/** The payload the modal sends: note and ID trimmed, only the amounts above 0 (docs/product.md#minting-validation). */
export function buildMintPayload(values: MintFormValues): MintPayload {
  const co2_utilisation: Record<string, number> = {};
  for (const [signoffId, value] of Object.entries(values.amounts)) {
    const kg = amountKg(value);
    if (toGrams(kg) > 0) co2_utilisation[signoffId] = kg;
  }
  return { minting_note: values.minting_note.trim(), transaction_id: values.transaction_id.trim(), co2_utilisation };
}

/**
 * The Mint modal's field errors: note and transaction ID required, each amount
 * (blank counts as 0) within its audit's bounds; keyed `amounts.<signoff id>`.
 * That something above 0 is chosen is anythingChosen's to say.
 */
export function mintFormErrors(values: MintFormValues, remaining: ReadonlyMap<number, number>): FieldErrors<string> {
  const checks: Record<string, ValidationErrorKey | undefined> = {
    minting_note: textError(values.minting_note, MINT_LIMITS.noteLength, true),
    transaction_id: textError(values.transaction_id, MINT_LIMITS.transactionIdLength, true),
  };
  for (const [signoffId, value] of Object.entries(values.amounts)) {
    checks[`amounts.${signoffId}`] = numberError(value, amountRule(remaining.get(Number(signoffId)) ?? 0));
  }
  return compactErrors(checks);
}

const textProblem = (value: string, max: number, name: string): string | undefined =>
  !value.trim() ? `${name} is required.` : value.trim().length > max ? `${name} may have at most ${max} characters.` : undefined;

/**
 * The server's check of a mint payload whose shape the contract has checked:
 * each problem's sentence by field path (`minting_note`,
 * `co2_utilisation.<signoff id>`); empty when it may go to the store, which
 * then checks each amount against what remains of its audit.
 */
export function mintPayloadProblems(payload: MintPayload): Record<string, string> {
  const problems: Record<string, string> = {};
  const note = textProblem(payload.minting_note, MINT_LIMITS.noteLength, 'minting_note');
  if (note) problems.minting_note = note;
  const transaction =
    textProblem(payload.transaction_id, MINT_LIMITS.transactionIdLength, 'transaction_id') ??
    (hasInvisibleCharacters(payload.transaction_id)
      ? 'transaction_id may not contain invisible or control characters (such as a zero-width space).'
      : undefined);
  if (transaction) problems.transaction_id = transaction;
  const entries = Object.entries(payload.co2_utilisation);
  if (entries.length === 0) problems.co2_utilisation = NOTHING_CHOSEN;
  if (entries.length > MINT_LIMITS.allocations) {
    // each key is not looked at: a huge map costs no more than its count
    problems.co2_utilisation = `co2_utilisation may draw on at most ${MINT_LIMITS.allocations} audits a mint (it names ${entries.length}).`;
    return problems;
  }
  for (const [key, kg] of entries) {
    const path = `co2_utilisation.${key}`;
    if (!/^[1-9]\d{0,14}$/.test(key) || Number(key) > MAX_RECORD_ID) problems[path] = `${path}: ${key} is not a signoff id.`;
    else if (!Number.isFinite(kg) || kg <= 0) problems[path] = `The amount for audit ${key} must be greater than 0.`;
    else if (decimalPlaces(kg) > MINT_LIMITS.kgDecimals)
      problems[path] = `The amount for audit ${key} may have at most ${MINT_LIMITS.kgDecimals} decimals (whole grams).`;
  }
  return problems;
}

/** One signed-off audit as the Minting page shows it and the Mint modal draws on. */
export interface MintSource {
  signoffId: number;
  jobId: string;
  signoffTs: string;
  facilityId: number;
  facilityName: string;
  auditedCo2: number;
  utilisedCo2: number;
  /** kg left to allocate, whole grams */
  remaining: number;
}

export interface FacilityCo2 {
  facilityId: number;
  facilityName: string;
  availableCo2: number;
  audits: MintSource[];
}

/** The available CO2 answer (docs/product.md#available-co2-response) as rows: facilities by name, each with its audits as the server orders them. */
export function facilitiesWithCo2(response: AvailableCo2Response): FacilityCo2[] {
  return Object.entries(response.audits_by_facility)
    .map(([id, entry]) => ({
      facilityId: Number(id),
      facilityName: entry.facility_name,
      availableCo2: entry.available_co2,
      audits: entry.audits.map((a) => ({
        signoffId: a.signoff_id,
        jobId: a.job_id,
        signoffTs: a.signoff_ts,
        facilityId: Number(id),
        facilityName: entry.facility_name,
        auditedCo2: a.audited_co2,
        utilisedCo2: a.utilised_co2,
        remaining: remainingKg({ audited_co2: a.audited_co2, utilised_co2: a.utilised_co2 }),
      })),
    }))
    .sort((a, b) => a.facilityName.localeCompare(b.facilityName, 'en', { sensitivity: 'base' }) || a.facilityId - b.facilityId);
}

/** A mint source as the audit identity names it (its signoff id is the audit's id). */
export const sourceAudit = (s: MintSource): AuditIdentitySource => ({ id: s.signoffId, job_id: s.jobId, signoff_ts: s.signoffTs });

/** The audits a mint may draw on: those with CO2 left. */
export const mintSources = (facilities: readonly FacilityCo2[]): MintSource[] =>
  facilities.flatMap((f) => f.audits.filter((a) => a.remaining > 0));

/** The total a mint would allocate, kg of whole grams. */
export const mintTotal = (amounts: MintFormValues['amounts']): number =>
  toKg(Object.values(amounts).reduce<number>((n, v) => n + Math.max(0, toGrams(amountKg(v))), 0));
