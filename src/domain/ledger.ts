/**
 * The carbon ledger's rules, shared by the console and the API
 * server: serial blocks of gram units, the buffer share withheld at a mint,
 * and retirement. One serial is one gram of CO2, the unit every carbon figure
 * is exact to (carbon.ts), so a block of N serials is N grams and a split
 * never leaves a fraction of a unit. Pure: no React, no server.
 */
import { toGrams, toKg } from './carbon';
import { formatNumber } from './format';
import { decimalPlaces, describeFieldError, isBlank, numberError, type NumberRule, type ValidationErrorKey } from './validation';

/** A contiguous run of serials, both ends included. */
export interface SerialBlock {
  first: number;
  last: number;
}

/** `KC-<first>-<last>` with thousands grouping: KC-1,000,001-1,250,000. */
export const formatSerialBlock = (block: SerialBlock): string => `KC-${formatNumber(block.first)}-${formatNumber(block.last)}`;

/** A block of `grams` serials starting at `first`; null for none. */
export const blockOf = (first: number, grams: number): SerialBlock | null => (grams > 0 ? { first, last: first + grams - 1 } : null);

/** Serials in a block (its grams). */
export const blockGrams = (block: SerialBlock | null): number => (block ? block.last - block.first + 1 : 0);

export const BUFFER_LIMITS = {
  /** the most a buffer share may withhold, in percent */
  maxPercent: 50,
  /** decimals of a buffer share in percent (basis points) */
  decimals: 2,
} as const;

/** A buffer share in percent as whole basis points (12.5 → 1250). */
export const percentToBasisPoints = (percent: number): number => Math.round(percent * 100);
export const basisPointsToPercent = (bp: number): number => bp / 100;

/** A buffer share in percent: 0–50, at most 2 decimals. */
export const BUFFER_PERCENT_RULE: NumberRule = { min: 0, max: BUFFER_LIMITS.maxPercent, decimals: BUFFER_LIMITS.decimals };

/** The error key of a buffer share, undefined when it can be set; a payload's share must be a JSON number, a form's may be text. */
export function bufferPercentError(percent: unknown): ValidationErrorKey | undefined {
  return numberError(percent, BUFFER_PERCENT_RULE, true);
}

/** Why a payload's buffer share cannot be set, as the server's 400 names it; undefined when it can. */
export function bufferPercentProblem(percent: unknown): string | undefined {
  const key = typeof percent === 'number' || isBlank(percent) ? bufferPercentError(percent) : 'not_a_number';
  return key && describeFieldError('buffer_percent', key, BUFFER_PERCENT_RULE);
}

/** A mint's kilograms: drawn from the audits, withheld in the buffer, and issued (allocated − buffer). */
export interface MintSplit {
  allocated: number;
  buffer: number;
  issued: number;
}

/**
 * The buffer's grams of an allocation: its share, rounded by the one rule
 * (half a gram away from zero), in integers so no float noise reaches a gram.
 */
export function bufferGrams(allocatedGrams: number, basisPoints: number): number {
  const scaled = BigInt(allocatedGrams) * BigInt(basisPoints);
  return Number((scaled + 5000n) / 10000n);
}

/** The split of a mint of `allocatedKg` at a buffer share of `basisPoints`, each figure kg of whole grams. */
export function mintSplit(allocatedKg: number, basisPoints: number): MintSplit {
  const allocated = toGrams(allocatedKg);
  const buffer = bufferGrams(allocated, basisPoints);
  return { allocated: toKg(allocated), buffer: toKg(buffer), issued: toKg(allocated - buffer) };
}

/**
 * Serial blocks of a new mint that starts at `next`: the issued units first,
 * the buffer's right after them, so the mint holds one run and each part its own block.
 */
export function mintBlocks(next: number, split: MintSplit): { issued: SerialBlock | null; buffer: SerialBlock | null } {
  const issued = toGrams(split.issued);
  return { issued: blockOf(next, issued), buffer: blockOf(next + issued, toGrams(split.buffer)) };
}

/** What of an asset's issued block is not retired: the block past its first `retiredGrams` serials (retirements take from the front). */
export function unretiredBlock(issued: SerialBlock | null, retiredGrams: number): SerialBlock | null {
  if (!issued) return null;
  return blockOf(issued.first + retiredGrams, blockGrams(issued) - retiredGrams);
}

export const RETIRE_LIMITS = { beneficiaryLength: 200, purposeLength: 500 } as const;

export interface RetirePayloadValues {
  kg: unknown;
  beneficiary: unknown;
  purpose?: unknown;
}

/**
 * Why a retirement cannot be made, by field (kg: at least a gram, whole
 * grams, at most what is left unretired; beneficiary required); empty when it
 * may go to the store. `leftKg`: the asset's issued kg not yet retired.
 */
export function retireProblems(values: RetirePayloadValues, leftKg: number): Record<string, string> {
  const problems: Record<string, string> = {};
  const { kg, beneficiary, purpose } = values;
  if (typeof kg !== 'number' || !Number.isFinite(kg)) problems.kg = 'kg must be a number.';
  else if (decimalPlaces(kg) > 3) problems.kg = 'kg may have at most 3 decimals (whole grams).';
  else if (toGrams(kg) < 1) problems.kg = 'kg must be at least one gram (0.001).';
  else if (toGrams(kg) > toGrams(leftKg)) problems.kg = `kg is more than is left to retire (${formatNumber(leftKg, 3)} kg).`;
  if (typeof beneficiary !== 'string' || !beneficiary.trim()) problems.beneficiary = 'beneficiary is required.';
  else if (beneficiary.trim().length > RETIRE_LIMITS.beneficiaryLength)
    problems.beneficiary = `beneficiary may have at most ${RETIRE_LIMITS.beneficiaryLength} characters.`;
  if (purpose !== undefined && purpose !== null && typeof purpose !== 'string') problems.purpose = 'purpose must be text.';
  else if (typeof purpose === 'string' && purpose.trim().length > RETIRE_LIMITS.purposeLength)
    problems.purpose = `purpose may have at most ${RETIRE_LIMITS.purposeLength} characters.`;
  return problems;
}

/** kg of an asset's issued units not retired yet. */
export const leftToRetire = (asset: { co2_issued: number; co2_retired: number }): number =>
  toKg(toGrams(asset.co2_issued) - toGrams(asset.co2_retired));

export type RetirementState = 'none' | 'partly' | 'retired';

/** Whether an asset's issued units are all retired, some, or none. */
export function retirementState(asset: { co2_issued: number; co2_retired: number }): RetirementState {
  const retired = toGrams(asset.co2_retired);
  if (retired === 0) return 'none';
  return retired >= toGrams(asset.co2_issued) ? 'retired' : 'partly';
}
