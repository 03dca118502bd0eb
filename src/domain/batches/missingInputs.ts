/**
 * What each methodology still needs from a batch (issue 43): for every
 * rulebook, the batch inputs it reads and whether the batch holds each. A
 * rulebook says which inputs it reads through its own data (its gates'
 * inputs, its tables' columns, its constants' keys), so a new rulebook file
 * is judged without code; the figures computed from them are the next issue's.
 * Pure: the batch page hands in what it read.
 */
import type { Rulebook } from '../methodologies/rulebook';

/** The inputs a batch can hold, in the order the page lists them. */
export const BATCH_INPUTS = [
  'moisture_pct',
  'c_org_pct',
  'h_c_org',
  'o_c_org',
  'ro_pct',
  'contaminants_pass',
  'lab_accreditation',
  'production_temp_c',
  'end_use',
  'soil_temp_c',
] as const;

export type BatchInputName = (typeof BATCH_INPUTS)[number];

type LabValues = Partial<Record<'moisture_pct' | 'c_org_pct' | 'h_c_org' | 'o_c_org' | 'ro_pct', number | null>> & {
  contaminants_pass?: boolean | null;
};

/** What the batch page read of one batch: the batch, its lab results, the labs and its end uses. */
export interface BatchEvidence {
  batch: { production_temp_c: number | null };
  labResults: readonly (LabValues & { id: number; lab_id: number; supersedes: number | null })[];
  labs: readonly { id: number; accreditation: string }[];
  endUses: readonly { soil_temp_c: number | null }[];
}

export interface MethodologyInputs {
  id: string;
  name: string;
  /** each input the rulebook reads, with whether the batch has it */
  inputs: { input: BatchInputName; present: boolean }[];
  missing: BatchInputName[];
}

/** The lab result in force: the latest that no other result supersedes; null before any. */
export function labResultInForce<R extends { id: number; supersedes: number | null }>(results: readonly R[]): R | null {
  const superseded = new Set(results.map((r) => r.supersedes).filter((id): id is number => id !== null));
  const current = results.filter((r) => !superseded.has(r.id));
  return current.reduce<R | null>((latest, r) => (latest === null || r.id > latest.id ? r : latest), null);
}

/** Everything a rulebook names: its gates' inputs, its tables' column keys and its constants' keys. */
function namesOf(book: Rulebook): string[] {
  return [
    ...book.gates.map((g) => g.input),
    ...book.tables.flatMap((t) => t.columns.map((c) => c.key)),
    ...book.constants.map((c) => c.key),
  ];
}

/**
 * Whether a rulebook reads an input. A rulebook with gates or tables credits
 * from a batch's lab result and end use (every standard's dry mass, C_org,
 * accredited lab and end use); the others it reads only where it names them.
 */
function reads(book: Rulebook, input: BatchInputName, names: readonly string[]): boolean {
  const fromBatch = book.gates.length > 0 || book.tables.length > 0;
  const named = (pattern: RegExp) => names.some((name) => pattern.test(name));
  switch (input) {
    case 'moisture_pct':
    case 'c_org_pct':
    case 'lab_accreditation':
    case 'end_use':
      return fromBatch;
    case 'h_c_org':
      return named(/^h_c_org/);
    case 'o_c_org':
      return named(/^o_c_org/);
    case 'ro_pct':
      return named(/^ro_/);
    case 'contaminants_pass':
      return named(/^contaminants/);
    case 'production_temp_c':
      return named(/^production_temp/);
    case 'soil_temp_c':
      return named(/^(t_soil|soil_temp)/);
  }
}

function has(evidence: BatchEvidence, input: BatchInputName): boolean {
  const result = labResultInForce(evidence.labResults);
  switch (input) {
    case 'moisture_pct':
    case 'c_org_pct':
    case 'h_c_org':
    case 'o_c_org':
    case 'ro_pct':
    case 'contaminants_pass':
      return result !== null && result[input] !== null && result[input] !== undefined;
    case 'lab_accreditation':
      return result !== null && evidence.labs.some((lab) => lab.id === result.lab_id && lab.accreditation.trim() !== '');
    case 'production_temp_c':
      return evidence.batch.production_temp_c !== null;
    case 'end_use':
      return evidence.endUses.length > 0;
    case 'soil_temp_c':
      return evidence.endUses.some((e) => e.soil_temp_c !== null);
  }
}

/** For every rulebook, in the order given, the inputs it reads and which of them the batch is missing. */
export function missingInputs(books: readonly Rulebook[], evidence: BatchEvidence): MethodologyInputs[] {
  return books.map((book) => {
    const names = namesOf(book);
    const inputs = BATCH_INPUTS.filter((input) => reads(book, input, names)).map((input) => ({ input, present: has(evidence, input) }));
    return { id: book.id, name: book.name, inputs, missing: inputs.filter((i) => !i.present).map((i) => i.input) };
  });
}
