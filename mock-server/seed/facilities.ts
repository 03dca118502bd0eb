import type { FacilityRecord } from '../store/model';
import type { Seeder } from '.';

const config = (wicf: number, carbonRemovalFactor: number) => JSON.stringify({ cgo1: { wicf, carbonRemovalFactor } });

/** Four facilities on two continents; the facility admin (user 5) owns the two in Kenya. */
export const DEMO_FACILITIES: Omit<FacilityRecord, 'last_updated'>[] = [
  {
    id: 1,
    mnemonic: 'NRB',
    name: 'Nairobi Char Works',
    owner_id: 5,
    latitude_min: -1.45,
    latitude_max: -1.15,
    longitude_min: 36.65,
    longitude_max: 37.05,
    latest_facility_audit_id: null,
    kiln_type_config: config(0.35, 2.44),
  },
  {
    id: 2,
    mnemonic: 'NKR',
    name: 'Nakuru Biochar Co-operative',
    owner_id: 5,
    latitude_min: -0.45,
    latitude_max: -0.15,
    longitude_min: 35.95,
    longitude_max: 36.25,
    latest_facility_audit_id: null,
    kiln_type_config: config(0.32, 2.44),
  },
  {
    id: 3,
    mnemonic: 'TAS',
    name: 'Tasmania Highlands Biochar',
    owner_id: 1,
    latitude_min: -42.3,
    latitude_max: -41.6,
    longitude_min: 146.4,
    longitude_max: 147.2,
    latest_facility_audit_id: null,
    kiln_type_config: config(0.35, 2.5),
  },
  {
    id: 4,
    mnemonic: 'RIV',
    name: 'Riverina Carbon Farm',
    owner_id: 1,
    latitude_min: -35.4,
    latitude_max: -34.8,
    longitude_min: 146.8,
    longitude_max: 147.6,
    latest_facility_audit_id: null,
    kiln_type_config: config(0.38, 2.4),
  },
];

export const seedFacilities: Seeder = (state) => {
  const now = new Date().toISOString();
  state.facilities = DEMO_FACILITIES.map((f) => ({ ...f, last_updated: now }));
};
