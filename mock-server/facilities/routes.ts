import express from 'express';
import type { FacilityDropdownResponse, FacilityListResponse, FacilitySaveRequest } from '../../src/domain/api/configure';
import { FACILITY_NUMBER_RULES, validateFacility } from '../../src/domain/facilityValidation';
import { isBlank } from '../../src/domain/validation';
import type { AuthContext } from '../auth/authContext';
import { requireOperation } from '../auth/middleware';
import type { AppContext } from '../context';
import { fieldError } from '../http/errors';
import { assertNoFieldErrors, positiveId } from '../http/fieldErrors';
import type { FacilityRecord } from '../store/schema';
import { reachableFacility, visibleFacilities } from './access';
import { allowedOwners, facilityFields, toFacility, toFacilityOption, type FacilityFields } from './facilityView';

/**
 * The Facilities page's calls (spec, "The calls it makes"): list, add, edit and the facility
 * dropdown. A facility admin sees and edits only the facilities they own;
 * adding needs `create facility` (super-admin only, DESIGN, "Roles and rules").
 */
export function facilityRoutes(ctx: AppContext): express.Router {
  const router = express.Router();
  const { data } = ctx;

  /** The stored fields of a payload with no fault; else 400 naming each invalid field, checked against the other facilities and the owner choices. */
  async function validatedFacility(auth: AuthContext, payload: FacilitySaveRequest, original?: FacilityRecord): Promise<FacilityFields> {
    const [mnemonics, owners] = await Promise.all([data.facilities.mnemonics(), allowedOwners(auth, data)]);
    const errors = validateFacility(payload, {
      existingMnemonics: mnemonics,
      allowedOwnerIds: owners.map((o) => o.id),
      originalMnemonic: original?.mnemonic,
    });
    assertNoFieldErrors(errors, FACILITY_NUMBER_RULES);
    return facilityFields(payload);
  }

  // `uid` is accepted for the spec's console and ignored: the scope comes from the verified token
  router.get('/facilities', requireOperation('facilities', 'list'), async (req, res) => {
    const auth = req.auth!;
    const [facilities, owners] = await Promise.all([visibleFacilities(auth, data), allowedOwners(auth, data)]);
    const body: FacilityListResponse = {
      facilities: facilities.map(toFacility),
      mnemonics: facilities.map((f) => f.mnemonic),
      allowedOwners: owners,
    };
    res.json(body);
  });

  router.get('/dropdowns/facilities', requireOperation('facilities', 'list'), async (req, res) => {
    const body: FacilityDropdownResponse = { data: (await visibleFacilities(req.auth!, data)).map(toFacilityOption) };
    res.json(body);
  });

  router.post('/facility/add', requireOperation('facilities', 'create'), async (req, res) => {
    // the shape openapi.yaml promises, checked by the OpenAPI validator; the values are checked here
    const payload: FacilitySaveRequest = req.body;
    const fields = await validatedFacility(req.auth!, payload);
    // a mnemonic taken by a racing request since the check is a 409 from the store
    await data.facilities.create({ ...fields, last_updated: new Date().toISOString(), latest_facility_audit_id: null });
    res.json({ status: 1 });
  });

  router.post('/facility/edit', requireOperation('facilities', 'edit'), async (req, res) => {
    const auth = req.auth!;
    const payload: FacilitySaveRequest = req.body;
    const facility = await reachableFacility(auth, data, positiveId(payload.id, 'id'));
    if (!isBlank(payload.mnemonic) && payload.mnemonic?.trim() !== facility.mnemonic) {
      throw fieldError('mnemonic', 'mnemonic cannot be changed.');
    }
    const fields = await validatedFacility(auth, payload, facility);
    await data.facilities.update(facility.id, { ...fields, last_updated: new Date().toISOString() });
    res.json({ status: 1 });
  });

  return router;
}
