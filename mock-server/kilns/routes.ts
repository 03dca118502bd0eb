import express from 'express';
import type { FacilityKilnsResponse, KilnRegistryResponse, KilnSaveRequest } from '../../src/domain/api/configure';
import { KILN_NUMBER_RULES, validateKiln } from '../../src/domain/kilnValidation';
import type { AuthContext } from '../auth/authContext';
import { facilityScope } from '../auth/facilityScope';
import { requireOperation } from '../auth/middleware';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { assertNoFieldErrors, positiveId } from '../http/fieldErrors';
import { reachableFacility, visibleFacilities } from '../facilities/access';
import { byMnemonic, toFacilityOption } from '../facilities/facilityView';
import type { KilnRecord } from '../store/schema';
import { isKilnIdTaken, kilnFields, sortKilns, toKiln, type KilnFields } from './kilnView';

/**
 * The Kiln Registry's calls (spec, "The calls it makes"). A facility admin sees, adds and edits
 * only kilns of the facilities they own, and may only put a kiln in one of them.
 */
export function kilnRoutes(ctx: AppContext): express.Router {
  const router = express.Router();
  const { store } = ctx;

  const kilnsOf = (facilityIds: ReadonlySet<number>) =>
    sortKilns(
      store.data.kilns
        .filter((k) => facilityIds.has(k.facility_id))
        .map((k) => toKiln(k, store.data.facilities.find((f) => f.id === k.facility_id))),
    );

  /**
   * 404 for a payload facility the caller may not reach, then 400 naming each
   * invalid field. A kiln reports itself by kiln_id alone, so the id must be
   * unique across every facility, not only the form's pair (docs/security.md,
   * "Kiln takeover"); the refusal names no other facility.
   */
  function validatedKiln(auth: AuthContext, payload: KilnSaveRequest, original?: KilnRecord): KilnFields {
    const facilityId = payload.facility_id;
    if (typeof facilityId === 'number' && Number.isInteger(facilityId) && facilityId > 0) {
      reachableFacility(auth, store.data.facilities, facilityId);
    }
    const values = { ...payload, id: original?.id ?? null };
    const errors = validateKiln(values, store.data.kilns);
    if (!errors.kiln_id && isKilnIdTaken(values, store.data.kilns)) errors.kiln_id = 'duplicate';
    assertNoFieldErrors(errors, KILN_NUMBER_RULES);
    return kilnFields(payload);
  }

  router.get('/kiln/registry/list', requireOperation('kilns', 'list'), (req, res) => {
    const facilities = visibleFacilities(req.auth!, store.data.facilities).sort(byMnemonic);
    const body: KilnRegistryResponse = {
      kilns: kilnsOf(new Set(facilities.map((f) => f.id))),
      facilities: facilities.map(toFacilityOption),
    };
    res.json(body);
  });

  router.get('/facility/:id/kilns', requireOperation('kilns', 'list'), (req, res) => {
    const facility = reachableFacility(req.auth!, store.data.facilities, positiveId(req.params.id, 'id'));
    const body: FacilityKilnsResponse = { kilns: kilnsOf(new Set([facility.id])) };
    res.json(body);
  });

  router.post('/kiln/registry/add', requireOperation('kilns', 'create'), (req, res) => {
    // the shape openapi.yaml promises, checked by the OpenAPI validator; the values are checked here
    const payload: KilnSaveRequest = req.body;
    const fields = validatedKiln(req.auth!, payload);
    store.data.kilns.push({ id: store.nextId('kilns'), ...fields, last_update: new Date().toISOString() });
    store.write();
    res.json({ status: 1 });
  });

  router.post('/kiln/registry/edit', requireOperation('kilns', 'edit'), (req, res) => {
    const auth = req.auth!;
    const payload: KilnSaveRequest = req.body;
    const id = positiveId(payload.id, 'id');
    // another facility's kiln is as unknown as none at all
    const scope = facilityScope(auth, store.data.facilities);
    const kiln = store.data.kilns.find((k) => k.id === id && (!scope || scope.has(k.facility_id)));
    if (!kiln) throw notFound('No such kiln.');
    Object.assign(kiln, validatedKiln(auth, payload, kiln), { last_update: new Date().toISOString() });
    store.write();
    res.json({ status: 1 });
  });

  return router;
}
