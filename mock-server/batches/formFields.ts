import type { Request } from 'express';
import {
  contaminantsPass,
  LAB_VALUE_FIELDS,
  labResultProblems,
  labValue,
  endUseProblems,
  type EndUseInput,
  type LabResultInput,
} from '../../src/domain/batches';
import { isBlank, toNumber } from '../../src/domain/validation';
import { refuseReasons } from '../store/batchRules';
import type { NewEndUse, NewLabResult } from '../store/dataStore';

/**
 * The text fields of the lab result and end use forms (multipart), read as
 * the pure rules of src/domain/batches read them: numbers as their text, ids
 * as digits. The same rules are applied here, before a file is stored, and
 * again by the store under its lock.
 */

const text = (req: Request, field: string): string | undefined => {
  const value: unknown = req.body?.[field];
  return typeof value === 'string' ? value.trim() : undefined;
};

/** A record id written as digits, as a number; anything else as it came (the rules say why it is wrong). */
const idText = (value: string | undefined): unknown => (value !== undefined && /^\d{1,10}$/.test(value) ? Number(value) : value);

/** A repeated field as its values, each trimmed (one value, or none). */
function repeated(req: Request, field: string): string[] {
  const value: unknown = req.body?.[field];
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values.map((v) => (typeof v === 'string' ? v.trim() : String(v)));
}

/** The lab result's form as the rules read it, with the certificate's SHA-256. */
export function labResultInput(req: Request, certificateSha256: string): LabResultInput {
  const input: LabResultInput = {
    lab_id: idText(text(req, 'lab_id')),
    sample_id: text(req, 'sample_id'),
    sampled_date: text(req, 'sampled_date'),
    reported_date: text(req, 'reported_date'),
    methods: repeated(req, 'methods'),
    contaminants_pass: text(req, 'contaminants_pass'),
    certificate_sha256: certificateSha256,
    supersedes: isBlank(text(req, 'supersedes')) ? null : idText(text(req, 'supersedes')),
  };
  for (const field of LAB_VALUE_FIELDS) input[field] = text(req, field);
  return input;
}

/** The lab result to record from a form the rules found nothing wrong with. */
export function newLabResult(
  input: LabResultInput,
  fixed: Pick<NewLabResult, 'batch_id' | 'certificate_key' | 'lab_signed' | 'certificate_signature' | 'recorded_by' | 'recorded_ts'>,
): NewLabResult {
  refuseReasons(labResultProblems(input));
  const values = Object.fromEntries(LAB_VALUE_FIELDS.map((field) => [field, labValue(input[field])])) as Record<
    (typeof LAB_VALUE_FIELDS)[number],
    number | null
  >;
  return {
    ...fixed,
    ...values,
    lab_id: input.lab_id as number,
    sample_id: (input.sample_id as string).trim(),
    sampled_date: input.sampled_date as string,
    reported_date: input.reported_date as string,
    methods: (input.methods as string[]).map((m) => m.trim()),
    contaminants_pass: contaminantsPass(input.contaminants_pass) ?? null,
    certificate_sha256: input.certificate_sha256 as string,
    supersedes: (input.supersedes as number | null) ?? null,
  };
}

const END_USE_TEXT_FIELDS = [
  'kind',
  'kind_note',
  'dry_g',
  'date',
  'latitude',
  'longitude',
  'soil_temp_c',
  'soil_temp_source',
  'recipient',
] as const;

/** The end use's form as the rules read it, with the evidence's SHA-256. */
export function endUseInput(req: Request, evidenceSha256: string): EndUseInput {
  const input: EndUseInput = { evidence_sha256: evidenceSha256 };
  for (const field of END_USE_TEXT_FIELDS) input[field] = text(req, field);
  return input;
}

/** The end use to record from a form the rules found nothing wrong with. */
export function newEndUse(
  input: EndUseInput,
  fixed: Pick<NewEndUse, 'batch_id' | 'evidence_key' | 'recorded_by' | 'recorded_ts'>,
): NewEndUse {
  refuseReasons(endUseProblems(input));
  return {
    ...fixed,
    kind: input.kind as NewEndUse['kind'],
    kind_note: isBlank(input.kind_note) ? null : (input.kind_note as string),
    dry_g: toNumber(input.dry_g)!,
    date: input.date as string,
    latitude: toNumber(input.latitude)!,
    longitude: toNumber(input.longitude)!,
    soil_temp_c: toNumber(input.soil_temp_c)!,
    soil_temp_source: input.soil_temp_source as string,
    recipient: input.recipient as string,
    evidence_sha256: input.evidence_sha256 as string,
  };
}
