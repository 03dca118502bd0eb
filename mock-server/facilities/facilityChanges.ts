import { resolveFacility } from '../analysis/config';
import type { AuthContext } from '../auth/authContext';
import type { StoreParts } from '../store/dataStore';
import {
  CREDIT_FIELDS,
  type CreditValues,
  type FacilityChangeAction,
  type FacilityChangeDetail,
  type FacilityRecord,
} from '../store/model';

/** Records one credit decision about a facility, by the caller, now (inside the decision's own transaction). */
export function recordFacilityChange(
  tx: Pick<StoreParts, 'facilities'>,
  auth: AuthContext,
  facilityId: number,
  action: FacilityChangeAction,
  detail: FacilityChangeDetail,
) {
  return tx.facilities.recordChange({
    facility_id: facilityId,
    actor_id: auth.userId,
    actor_username: auth.username,
    action,
    detail,
    ts: new Date().toISOString(),
  });
}

/** The values that decide what a facility's burns are credited with, as the analysis applies them (defaults for what is not set). */
export function creditValues(
  facility: Pick<FacilityRecord, 'latitude_min' | 'latitude_max' | 'longitude_min' | 'longitude_max' | 'kiln_type_config'>,
): CreditValues {
  const { box, wicf, carbon_removal_factor } = resolveFacility(facility);
  return { ...box, wicf, carbon_removal_factor };
}

/** Each credit value that differs, from → to (from null: the facility is new). */
export function changedCreditValues(before: CreditValues | null, after: CreditValues): NonNullable<FacilityChangeDetail['values']> {
  const changed: NonNullable<FacilityChangeDetail['values']> = {};
  for (const field of CREDIT_FIELDS) {
    if (before === null || before[field] !== after[field]) changed[field] = { from: before?.[field] ?? null, to: after[field] };
  }
  return changed;
}
