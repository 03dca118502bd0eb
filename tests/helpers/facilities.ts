import type { Facility, FacilityListResponse, FacilitySavePayload } from '../../src/domain/api/configure';

/** A facility as GET /api/facilities lists it: NCW, owned by the facility admin, with a C-Go-1 config. */
export function makeFacility(overrides: Partial<Facility> = {}): Facility {
  return {
    id: 1,
    mnemonic: 'NCW',
    name: 'Nairobi Char Works',
    owner_id: 5,
    latitude_min: -1.5,
    latitude_max: -1.1,
    longitude_min: 36.6,
    longitude_max: 37.05,
    last_updated: '2025-01-02T10:00:00.000Z',
    latest_facility_audit_id: null,
    kiln_type_config: JSON.stringify({ cgo1: { wicf: 0.4, carbonRemovalFactor: 2.5 } }),
    photo_uploaded_ts: null,
    ...overrides,
  };
}

/** GET /api/facilities: NCW and KSM (which has an audit), their mnemonics and the owners to choose from. */
export const FACILITY_LIST: FacilityListResponse = {
  facilities: [makeFacility(), makeFacility({ id: 2, mnemonic: 'KSM', name: 'Kisumu Biochar', owner_id: 1, latest_facility_audit_id: 9 })],
  mnemonics: ['NCW', 'KSM'],
  allowedOwners: [
    { id: 1, username: 'superadmin', role: 0 },
    { id: 5, username: 'facilityadmin', role: 4 },
  ],
};

/** The save payload (docs/product.md#facility-record) of a new facility given only a mnemonic and a name: owner 1, the whole globe, WICF 0.35, factor 2.44. */
export function defaultFacilityPayload(mnemonic: string, name: string): FacilitySavePayload {
  return {
    id: null,
    mnemonic,
    name,
    owner_id: 1,
    latMin: -90,
    latMax: 90,
    lonMin: -180,
    lonMax: 180,
    config: { cgo1: { wicf: 0.35, carbonRemovalFactor: 2.44 } },
  };
}
