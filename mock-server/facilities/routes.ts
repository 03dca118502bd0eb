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
import { allowedOwners, byMnemonic, facilityFields, toFacility, toFacilityOption, type FacilityFields } from './facilityView';

/**
 * The Facilities page's calls (spec, "The calls it makes"): list, add, edit and the facility
 * dropdown. A facility admin sees and edits only the facilities they own;
 * adding needs `create facility` (super-admin only, DESIGN, "Roles and rules").
 */
export function facilityRoutes(ctx: AppContext): express.Router {
  const router = express.Router();
  const { store } = ctx;

  /** The stored fields of a payload with no fault; else 400 naming each invalid field, checked against the other facilities and the owner choices. */
  function validatedFacility(auth: AuthContext, payload: FacilitySaveRequest, original?: FacilityRecord): FacilityFields {
    const errors = validateFacility(payload, {
      existingMnemonics: store.data.facilities.map((f) => f.mnemonic),
      allowedOwnerIds: allowedOwners(auth, store.data.users).map((o) => o.id),
      originalMnemonic: original?.mnemonic,
    });
    assertNoFieldErrors(errors, FACILITY_NUMBER_RULES);
    return facilityFields(payload);
  }

  // `uid` is accepted for the spec's console and ignored: the scope comes from the verified token
  router.get('/facilities', requireOperation('facilities', 'list'), (req, res) => {
    const auth = req.auth!;
    const facilities = visibleFacilities(auth, store.data.facilities).sort(byMnemonic);
    const body: FacilityListResponse = {
      facilities: facilities.map((f) => toFacility(f, store.data.facility_photos.find((p) => p.facility_id === f.id))),
      mnemonics: facilities.map((f) => f.mnemonic),
      allowedOwners: allowedOwners(auth, store.data.users),
    };
    res.json(body);
  });

  router.get('/dropdowns/facilities', requireOperation('facilities', 'list'), (req, res) => {
    const body: FacilityDropdownResponse = {
      data: visibleFacilities(req.auth!, store.data.facilities).sort(byMnemonic).map(toFacilityOption),
    };
    res.json(body);
  });

  router.post('/facility/add', requireOperation('facilities', 'create'), (req, res) => {
    // the shape openapi.yaml promises, checked by the OpenAPI validator; the values are checked here
    const payload: FacilitySaveRequest = req.body;
    const fields = validatedFacility(req.auth!, payload);
    store.data.facilities.push({
      id: store.nextId('facilities'),
      ...fields,
      last_updated: new Date().toISOString(),
      latest_facility_audit_id: null,
    });
    store.write();
    res.json({ status: 1 });
  });

  router.post('/facility/edit', requireOperation('facilities', 'edit'), (req, res) => {
    const auth = req.auth!;
    const payload: FacilitySaveRequest = req.body;
    const facility = reachableFacility(auth, store.data.facilities, positiveId(payload.id, 'id'));
    if (!isBlank(payload.mnemonic) && payload.mnemonic?.trim() !== facility.mnemonic) {
      throw fieldError('mnemonic', 'mnemonic cannot be changed.');
    }
    Object.assign(facility, validatedFacility(auth, payload, facility), { last_updated: new Date().toISOString() });
    store.write();
    res.json({ status: 1 });
  });

  return router;
}
