import { describe, expect, it } from 'vitest';
import type { Facility } from '../../../src/domain/api/configure';
import {
  facilityFormValues,
  facilitySavePayload,
  NEW_FACILITY_FORM,
  parseFacilityConfig,
  validateFacilityForm,
} from '../../../src/facilities/facilityForm';

const facility: Facility = {
  id: 3,
  mnemonic: 'NBO',
  name: 'Nairobi Yard',
  owner_id: 5,
  latitude_min: -1.5,
  latitude_max: -1.1,
  longitude_min: 36.6,
  longitude_max: 37.05,
  last_updated: '2025-01-02T10:00:00.000Z',
  latest_facility_audit_id: null,
  kiln_type_config: JSON.stringify({ cgo1: { wicf: 0.4, carbonRemovalFactor: 2.5 } }),
  photo_uploaded_ts: null,
};

const list = {
  mnemonics: ['NBO', 'KSM'],
  allowedOwners: [
    { id: 1, username: 'superadmin', role: 0 },
    { id: 5, username: 'facilityadmin', role: 4 },
  ],
};

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
    });
  });

  it('fills the edit form from a facility and its C-Go-1 config', () => {
    expect(facilityFormValues(facility)).toMatchObject({
      mnemonic: 'NBO',
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
    expect(facilitySavePayload({ ...NEW_FACILITY_FORM, mnemonic: ' ELD ', name: 'Eldoret' }, null)).toEqual({
      id: null,
      mnemonic: 'ELD',
      name: 'Eldoret',
      owner_id: 1,
      latMin: -90,
      latMax: 90,
      lonMin: -180,
      lonMax: 180,
      config: { cgo1: { wicf: 0.35, carbonRemovalFactor: 2.44 } },
    });
  });
});

describe('facility form validation', () => {
  it('takes the defaults with a new mnemonic', () => {
    expect(validateFacilityForm({ ...NEW_FACILITY_FORM, mnemonic: 'ELD' }, list, null)).toEqual({});
  });

  it('refuses an empty or taken mnemonic, but not the facility its own', () => {
    expect(validateFacilityForm(NEW_FACILITY_FORM, list, null)).toEqual({ mnemonic: 'required' });
    expect(validateFacilityForm({ ...NEW_FACILITY_FORM, mnemonic: 'ksm' }, list, null)).toEqual({ mnemonic: 'duplicate' });
    expect(validateFacilityForm(facilityFormValues(facility), list, 'NBO')).toEqual({});
  });

  it('flags both ends of a latitude or longitude pair whose min is not below its max', () => {
    expect(validateFacilityForm({ ...facilityFormValues(facility), latMin: '10', latMax: '10' }, list, 'NBO')).toEqual({
      latMin: 'not_ordered',
      latMax: 'not_ordered',
    });
  });

  it('refuses an owner that is not among the choices', () => {
    expect(validateFacilityForm({ ...NEW_FACILITY_FORM, mnemonic: 'ELD', owner_id: '4' }, list, null)).toEqual({
      owner_id: 'not_allowed',
    });
  });
});
