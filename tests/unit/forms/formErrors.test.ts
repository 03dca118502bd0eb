import { describe, expect, it } from 'vitest';
import { flatValues, formErrors, nestValues } from '../../../src/forms/formErrors';

const values = nestValues({ kiln_id: 'K-1', 'config.cgo1.per_g_weight': '2.5' });

describe('formErrors', () => {
  it('nests the domain errors by field path, as react-hook-form reads them', () => {
    expect(formErrors(values, { 'config.cgo1.per_g_weight': 'out_of_range' }, undefined, null)).toEqual({
      config: { cgo1: { per_g_weight: { message: 'out_of_range', args: { server: false } } } },
    });
  });

  it("puts a server reason on its field while the field holds the value sent, before the field's domain error", () => {
    const reasons = { kiln_id: 'kiln_id is already in use.' };
    expect(formErrors(values, { kiln_id: 'duplicate' }, reasons, values)).toEqual({
      kiln_id: { message: 'kiln_id is already in use.', args: { server: true } },
    });
    const edited = nestValues({ kiln_id: 'K-2', 'config.cgo1.per_g_weight': '2.5' });
    expect(formErrors(edited, {}, reasons, values)).toEqual({});
  });

  it('leaves out reasons for paths the form does not have, and all reasons before a submit', () => {
    expect(formErrors(values, {}, { owner: 'owner is unknown.' }, values)).toEqual({});
    expect(formErrors(values, {}, { kiln_id: 'kiln_id is already in use.' }, null)).toEqual({});
  });
});

describe('nestValues and flatValues', () => {
  it('round-trip text keyed by field path, blanks as empty text', () => {
    expect(values).toEqual({ kiln_id: 'K-1', config: { cgo1: { per_g_weight: '2.5' } } });
    expect(flatValues({ ...values, kiln_id: null }, ['kiln_id', 'config.cgo1.per_g_weight', 'type'])).toEqual({
      kiln_id: '',
      'config.cgo1.per_g_weight': '2.5',
      type: '',
    });
  });
});
