import type {
  Facility,
  FacilityConfig,
  FacilityDropdownItem,
  FacilityOwnerOption,
  FacilitySaveRequest,
} from '../../src/domain/api/configure';
import { facilitySettingsOf } from '../../src/domain/facilitySettings';
import { isAllowedOwnerRole } from '../../src/domain/facilityValidation';
import { ROLES } from '../../src/domain/rules';
import type { AuthContext } from '../auth/authContext';
import { may } from '../auth/may';
import type { DataStore } from '../store/dataStore';
import type { FacilityRecord } from '../store/model';

const OWNER_ROLES = Object.values(ROLES).filter(isAllowedOwnerRole);

/** A facility as the API answers it, with when its photo was uploaded. */
export function toFacility(record: Facility): Facility {
  return {
    id: record.id,
    mnemonic: record.mnemonic,
    name: record.name,
    owner_id: record.owner_id,
    latitude_min: record.latitude_min,
    latitude_max: record.latitude_max,
    longitude_min: record.longitude_min,
    longitude_max: record.longitude_max,
    last_updated: record.last_updated,
    latest_facility_audit_id: record.latest_facility_audit_id,
    kiln_type_config: record.kiln_type_config,
    photo_uploaded_ts: record.photo_uploaded_ts,
    signed_burns_only: record.signed_burns_only ?? false,
    ...facilitySettingsOf(record),
  };
}

export function toFacilityOption({ id, mnemonic, name }: FacilityRecord): FacilityDropdownItem {
  return { id, mnemonic, name };
}

/**
 * Who may own a facility the caller saves: facility admins and super-admins;
 * a facility admin only themself (they cannot give a facility away).
 */
export async function allowedOwners(auth: AuthContext, data: Pick<DataStore, 'users'>): Promise<FacilityOwnerOption[]> {
  const users = !may(auth, 'facilities', 'reassign')
    ? [await data.users.get(auth.userId)].filter((u) => u !== null)
    : await data.users.withRoles(OWNER_ROLES);
  return users.sort((a, b) => a.id - b.id).map(({ id, username, role }) => ({ id, username, role }));
}

export type FacilityFields = Omit<FacilityRecord, 'id' | 'last_updated' | 'latest_facility_audit_id'>;

/**
 * The stored fields a save payload sets (everything but id, statement and
 * timestamps), once validateFacility found no fault in it; a batch or
 * methodology setting only when the payload names it.
 */
export function facilityFields(payload: FacilitySaveRequest): FacilityFields {
  const config: FacilityConfig = {
    cgo1: { wicf: Number(payload.config?.cgo1?.wicf), carbonRemovalFactor: Number(payload.config?.cgo1?.carbonRemovalFactor) },
  };
  return {
    mnemonic: (payload.mnemonic ?? '').trim(),
    name: (payload.name ?? '').trim(),
    owner_id: Number(payload.owner_id),
    latitude_min: Number(payload.latMin),
    latitude_max: Number(payload.latMax),
    longitude_min: Number(payload.lonMin),
    longitude_max: Number(payload.lonMax),
    kiln_type_config: JSON.stringify(config),
    ...(payload.batch_period_days !== undefined && { batch_period_days: payload.batch_period_days }),
    ...(payload.vm0044_high_tech_conditions !== undefined && {
      vm0044_high_tech_conditions: facilitySettingsOf({ vm0044_high_tech_conditions: payload.vm0044_high_tech_conditions })
        .vm0044_high_tech_conditions,
    }),
    ...(payload.temperature_monitored !== undefined && { temperature_monitored: payload.temperature_monitored }),
  };
}
