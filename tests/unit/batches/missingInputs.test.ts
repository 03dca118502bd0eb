import { describe, expect, it } from 'vitest';
import { loadRulebooks } from '../../../mock-server/methodologies/rulebooks';
import { labResultInForce, missingInputs, type BatchEvidence } from '../../../src/domain/batches';

/**
 * What each methodology still needs from a batch: read from the rulebooks'
 * own data, judged on the lab result in force, the labs and the end uses.
 */

const books = loadRulebooks();
const of = (evidence: BatchEvidence, id: string) => {
  const found = missingInputs(books, evidence).find((m) => m.id === id);
  if (!found) throw new Error(`no rulebook ${id}`);
  return found;
};

const bare: BatchEvidence = { batch: { production_temp_c: null }, labResults: [], labs: [], endUses: [] };
const result = {
  id: 1,
  lab_id: 7,
  supersedes: null,
  moisture_pct: 22.5,
  c_org_pct: 71.2,
  h_c_org: 0.38,
  o_c_org: 0.1,
  ro_pct: 2.4,
  contaminants_pass: true,
};
const complete: BatchEvidence = {
  batch: { production_temp_c: 612 },
  labResults: [result],
  labs: [{ id: 7, accreditation: 'ISO/IEC 17025 D-PL-1234' }],
  endUses: [{ soil_temp_c: 11.5 }],
};

describe('missingInputs', () => {
  it('lists every rulebook, in the order given', () => {
    expect(missingInputs(books, bare).map((m) => m.id)).toEqual(books.map((b) => b.id));
  });

  it('asks nothing of a batch for the specification factor, which credits from biochar alone', () => {
    expect(of(bare, 'spec-factor')).toMatchObject({ inputs: [], missing: [] });
  });

  it("reads each standard's inputs from its gates, tables and constants", () => {
    const puro = of(bare, 'puro-2025');
    expect(puro.missing).toEqual(['moisture_pct', 'c_org_pct', 'h_c_org', 'lab_accreditation', 'end_use', 'soil_temp_c']);
    expect(of(bare, 'isometric-1.3').missing).toContain('o_c_org');
    expect(of(bare, 'vm0044-1.2').missing).toEqual(expect.arrayContaining(['contaminants_pass', 'production_temp_c']));
    expect(of(bare, 'rainbow-1.0').missing).toContain('production_temp_c');
    expect(of(bare, 'csi-global-3.3').missing).toContain('ro_pct');
  });

  it('finds nothing missing once the lab result, its accredited lab and an end use are there', () => {
    for (const m of missingInputs(books, complete)) expect(m.missing, m.id).toEqual([]);
    expect(of(complete, 'puro-2025').inputs.every((i) => i.present)).toBe(true);
  });

  it('misses a value the lab did not give, and a lab without accreditation', () => {
    const partial: BatchEvidence = {
      ...complete,
      labResults: [{ ...result, h_c_org: null }],
      labs: [{ id: 7, accreditation: ' ' }],
    };
    expect(of(partial, 'puro-2025').missing).toEqual(['h_c_org', 'lab_accreditation']);
  });

  it('judges on the result in force: a correction supersedes the result it names', () => {
    const old = { ...result, id: 1, moisture_pct: null };
    const corrected = { ...result, id: 2, supersedes: 1 };
    expect(labResultInForce([old, corrected])).toBe(corrected);
    expect(labResultInForce([corrected, old])).toBe(corrected);
    expect(labResultInForce([])).toBeNull();
    expect(of({ ...complete, labResults: [old, corrected] }, 'puro-2025').missing).toEqual([]);
    // a later first result stands beside an older one: the latest is in force
    expect(
      of(
        {
          ...complete,
          labResults: [
            { ...result, id: 3 },
            { ...old, id: 4 },
          ],
        },
        'puro-2025',
      ).missing,
    ).toEqual(['moisture_pct']);
  });

  it('misses the production temperature of a batch with a burn that recorded none', () => {
    expect(of({ ...complete, batch: { production_temp_c: null } }, 'vm0044-1.2').missing).toEqual(['production_temp_c']);
  });
});
