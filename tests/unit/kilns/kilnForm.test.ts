import { describe, expect, it } from 'vitest';
import type { Kiln } from '../../../src/domain/api/configure';
import {
  EMPTY_KILN_FORM,
  kilnFormValues,
  kilnSavePayload,
  parseKilnConfig,
  validateKilnForm,
  type KilnFormValues,
} from '../../../src/kilns/kilnForm';

const kiln: Kiln = {
  id: 7,
  kiln_id: 'CG1-0007',
  facility_id: 2,
  facility_mnemonic: 'NBO',
  facility_name: 'Nairobi Yard',
  type: 0,
  install_date: '2024-03-07',
  last_update: '2025-01-02T10:00:00.000Z',
  config: JSON.stringify({ cgo1: { per_g_weight: 12.3456, zero_weight: -250.5 } }),
  approved_ts: '2025-01-02T10:00:00.000Z',
  approved_by: 1,
  calibration_pending: false,
};

const filled: KilnFormValues = { ...EMPTY_KILN_FORM, kiln_id: 'CG1-0100', facility_id: '2', type: '1', install_date: '2025/06/30' };

describe('kiln form values', () => {
  it('fills the edit form from a kiln, install date as YYYY/MM/DD and config numbers as text', () => {
    expect(kilnFormValues(kiln)).toEqual({
      kiln_id: 'CG1-0007',
      facility_id: '2',
      type: '0',
      install_date: '2024/03/07',
      'config.cgo1.per_g_weight': '12.3456',
      'config.cgo1.zero_weight': '-250.5',
      'config.terrafix.per_g_weight': '',
    });
  });

  it('reads an unreadable config as none', () => {
    expect(parseKilnConfig('not json')).toEqual({});
    expect(parseKilnConfig('[1]')).toEqual({});
    expect(parseKilnConfig('')).toEqual({});
  });

  it('builds the save payload: numbers, the API date, config an object with null for blanks', () => {
    expect(kilnSavePayload({ ...filled, kiln_id: ' CG1-0100 ', 'config.terrafix.per_g_weight': '0.5' }, null)).toEqual({
      id: null,
      kiln_id: 'CG1-0100',
      facility_id: 2,
      type: 1,
      install_date: '2025-06-30',
      config: { cgo1: { per_g_weight: null, zero_weight: null }, terrafix: { per_g_weight: 0.5 } },
    });
    expect(kilnSavePayload(kilnFormValues(kiln), 7)).toMatchObject({ id: 7, install_date: '2024-03-07' });
  });
});

describe('kiln form validation', () => {
  const kilns = [kiln];

  it('requires kiln id, facility, type and install date', () => {
    expect(Object.keys(validateKilnForm(EMPTY_KILN_FORM, null, kilns)).sort()).toEqual(['facility_id', 'install_date', 'kiln_id', 'type']);
    expect(validateKilnForm(filled, null, kilns)).toEqual({});
  });

  it('flags an existing kiln id + facility pair on both fields, but not the kiln itself when editing', () => {
    const clash = { ...filled, kiln_id: 'cg1-0007', facility_id: '2' };
    expect(validateKilnForm(clash, null, kilns)).toEqual({ kiln_id: 'duplicate', facility_id: 'duplicate' });
    expect(validateKilnForm(clash, 7, kilns)).toEqual({});
    expect(validateKilnForm({ ...clash, facility_id: '3' }, null, kilns)).toEqual({});
  });

  it('does not flag the pair while the kiln id is empty', () => {
    expect(validateKilnForm({ ...filled, kiln_id: '', facility_id: '2' }, null, kilns)).toEqual({ kiln_id: 'required' });
  });

  it('checks the config numbers as typed: range, decimals, and text that is not a number', () => {
    const errors = validateKilnForm(
      {
        ...filled,
        'config.cgo1.per_g_weight': '1.23456',
        'config.cgo1.zero_weight': '-100001',
        'config.terrafix.per_g_weight': 'abc',
      },
      null,
      kilns,
    );
    expect(errors).toEqual({
      'config.cgo1.per_g_weight': 'too_many_decimals',
      'config.cgo1.zero_weight': 'out_of_range',
      'config.terrafix.per_g_weight': 'not_a_number',
    });
    expect(validateKilnForm({ ...filled, 'config.cgo1.zero_weight': '5000000' }, null, kilns)).toEqual({});
  });

  it('flags a date that is not a calendar date', () => {
    expect(validateKilnForm({ ...filled, install_date: '2025/02/30' }, null, kilns)).toEqual({ install_date: 'invalid_date' });
  });
});
