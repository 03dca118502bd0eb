import { describe, expect, it } from 'vitest';
import {
  facilityFormValues,
  facilitySavePayload,
  NEW_FACILITY_FORM,
  parseFacilityConfig,
  validateFacilityForm,
} from '../../../src/facilities/facilityForm';
import { defaultFacilityPayload, FACILITY_LIST, makeFacility } from '../../helpers/facilities';

const facility = makeFacility();

describe('facility form values', () => {
  it('starts a new facility from the spec defaults: owner 1, the whole globe, WICF 0.35, factor 2.44', () => {
    expect(NEW_FACILITY_FORM).toEqual({
      mnemonic: '',
      name: '',
      owner_id: '1',
      latMin: '-90',
      latMax: '90',
      lonMin: '-180',
      lonMax: '180',
      'config.cgo1.wicf': '0.35',
      'config.cgo1.carbonRemovalFactor': '2.44',
      batch_period_days: '31',
    });
  });

  it('fills the edit form from a facility and its C-Go-1 config', () => {
    expect(facilityFormValues(facility)).toMatchObject({
      mnemonic: 'NCW',
      owner_id: '5',
      latMin: '-1.5',
      lonMax: '37.05',
      'config.cgo1.wicf': '0.4',
      'config.cgo1.carbonRemovalFactor': '2.5',
    });
  });

  it('falls back to the default factors for a config without them', () => {
    expect(parseFacilityConfig('{}')).toEqual({ cgo1: { wicf: 0.35, carbonRemovalFactor: 2.44 } });
    expect(parseFacilityConfig('oops')).toEqual({ cgo1: { wicf: 0.35, carbonRemovalFactor: 2.44 } });
  });

  it('builds the save payload of spec §3', () => {
    expect(facilitySavePayload({ ...NEW_FACILITY_FORM, mnemonic: ' ELD ', name: 'Eldoret' }, null)).toEqual(
      defaultFacilityPayload('ELD', 'Eldoret'),
    );
  });
});

describe('facility form validation', () => {
  it('takes the defaults with a new mnemonic', () => {
    expect(validateFacilityForm({ ...NEW_FACILITY_FORM, mnemonic: 'ELD' }, FACILITY_LIST, null)).toEqual({});
  });

  it('refuses an empty or taken mnemonic, but not the facility its own', () => {
    expect(validateFacilityForm(NEW_FACILITY_FORM, FACILITY_LIST, null)).toEqual({ mnemonic: 'required' });
    expect(validateFacilityForm({ ...NEW_FACILITY_FORM, mnemonic: 'ksm' }, FACILITY_LIST, null)).toEqual({ mnemonic: 'duplicate' });
    expect(validateFacilityForm(facilityFormValues(facility), FACILITY_LIST, 'NCW')).toEqual({});
  });

  it('flags both ends of a latitude or longitude pair whose min is not below its max', () => {
    expect(validateFacilityForm({ ...facilityFormValues(facility), latMin: '10', latMax: '10' }, FACILITY_LIST, 'NCW')).toEqual({
      latMin: 'not_ordered',
      latMax: 'not_ordered',
    });
  });

  it('refuses an owner that is not among the choices', () => {
    expect(validateFacilityForm({ ...NEW_FACILITY_FORM, mnemonic: 'ELD', owner_id: '4' }, FACILITY_LIST, null)).toEqual({
      owner_id: 'not_allowed',
    });
  });
});
