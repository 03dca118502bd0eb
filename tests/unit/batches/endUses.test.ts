import { describe, expect, it } from 'vitest';
import {
  emissionsProblems,
  endUseLimitGrams,
  endUseProblems,
  endUseSumReason,
  labNameKey,
  labProblems,
  type EndUseInput,
} from '../../../src/domain/batches';

const endUse = (o: Partial<EndUseInput> = {}): EndUseInput => ({
  kind: 'soil_application',
  kind_note: null,
  dry_g: 250_000,
  date: '2026-05-10',
  latitude: -1.29,
  longitude: 36.82,
  soil_temp_c: 21.4,
  soil_temp_source: 'SoilTemp global maps (Lembrechts 2022)',
  recipient: 'Kamau farm',
  evidence_sha256: 'cd'.repeat(32),
  ...o,
});

describe('endUseProblems', () => {
  it('accepts a soil application, and other with its text', () => {
    expect(endUseProblems(endUse())).toEqual({});
    expect(endUseProblems(endUse({ kind: 'other', kind_note: 'concrete admixture' }))).toEqual({});
    expect(endUseProblems(endUse({ dry_g: '250000', latitude: '-1.29' }))).toEqual({});
  });

  it('names each field at fault, messy values included', () => {
    expect(
      endUseProblems({
        kind: 'burial',
        kind_note: 'x',
        dry_g: 1.5,
        date: '2026-13-01',
        latitude: 91,
        longitude: NaN,
        soil_temp_c: 'warm',
        soil_temp_source: '',
        recipient: 7,
        evidence_sha256: null,
      }),
    ).toEqual({
      kind: 'kind must be one of soil_application, other.',
      kind_note: 'kind_note is only for the kind other.',
      dry_g: 'dry_g must be a whole number of grams above 0.',
      date: 'date must be a date as YYYY-MM-DD.',
      latitude: 'latitude must be a number from -90 to 90.',
      longitude: 'longitude must be a number from -180 to 180.',
      soil_temp_c: 'soil_temp_c must be a number from -30 to 50.',
      soil_temp_source: 'soil_temp_source is required.',
      recipient: 'recipient must be text.',
      evidence_sha256: 'evidence_sha256 must be 64 lowercase hex digits.',
    });
    for (const grams of [0, -5, NaN, 'lots', 2 ** 53]) expect(endUseProblems(endUse({ dry_g: grams })).dry_g).toBeDefined();
    expect(endUseProblems(endUse({ kind: 'other' })).kind_note).toBe('kind_note is required.');
  });
});

describe('endUseSumReason', () => {
  const dry = { wet_biochar_g: 1_000_000, dry_biochar_g: 765_000 };
  const wet = { wet_biochar_g: 1_000_000, dry_biochar_g: null };

  it('lets end uses take up to the dry biochar, exactly', () => {
    expect(endUseLimitGrams(dry)).toBe(765_000);
    expect(endUseSumReason(dry, 500_000, 265_000)).toBeUndefined();
  });

  it('refuses one gram more, saying by how much and what is left', () => {
    expect(endUseSumReason(dry, 500_000, 265_001)).toBe(
      "dry_g 265.001 kg would bring the end uses to 765.001 kg, 0.001 kg more than the batch's dry biochar of 765.000 kg (265.000 kg left).",
    );
  });

  it('uses the wet biochar before a moisture result', () => {
    expect(endUseLimitGrams(wet)).toBe(1_000_000);
    expect(endUseSumReason(wet, 0, 1_000_000)).toBeUndefined();
    expect(endUseSumReason(wet, 999_000, 2_500)).toBe(
      "dry_g 2.500 kg would bring the end uses to 1,001.500 kg, 1.500 kg more than the batch's wet biochar (no moisture result yet) of 1,000.000 kg (1.000 kg left).",
    );
  });
});

describe('emissionsProblems', () => {
  it('takes both figures as optional, each with its text', () => {
    expect(emissionsProblems({})).toEqual({});
    expect(
      emissionsProblems({
        methane_g_per_kg: 12.5,
        methane_method: 'static chamber, 3 runs',
        other_co2e_g: 40_000,
        other_note: 'transport',
      }),
    ).toEqual({});
  });

  it('refuses a figure without its text, a text without its figure and messy figures', () => {
    expect(emissionsProblems({ methane_g_per_kg: 12.5, other_note: 'x' })).toEqual({
      methane_method: 'methane_method is required.',
      other_note: 'other_note needs other_co2e_g.',
    });
    expect(emissionsProblems({ methane_g_per_kg: -1, methane_method: 'm', other_co2e_g: 0.5, other_note: 'n' })).toEqual({
      methane_g_per_kg: 'methane_g_per_kg must be a number from 0 to 1000.',
      other_co2e_g: 'other_co2e_g must be a whole number of grams, 0 or more.',
    });
    expect(emissionsProblems({ methane_method: 'm' }).methane_method).toBe('methane_method needs methane_g_per_kg.');
    expect(emissionsProblems({ methane_g_per_kg: 'NaN', methane_method: 'm' }).methane_g_per_kg).toBeDefined();
    expect(emissionsProblems({ methane_evidence_sha256: 'zz' }).methane_evidence_sha256).toBe(
      'methane_evidence_sha256 must be 64 lowercase hex digits.',
    );
  });
});

describe('labProblems', () => {
  it('needs a name and an accreditation, one line each', () => {
    expect(labProblems({ name: 'Nairobi Soil Lab', accreditation: 'ISO/IEC 17025 KENAS-123' })).toEqual({});
    expect(labProblems({ name: '', accreditation: 'a\nb' })).toEqual({
      name: 'name is required.',
      accreditation: expect.stringMatching(/line breaks/),
    });
    expect(labNameKey('  Nairobi Soil LAB ')).toBe('nairobi soil lab');
  });
});
