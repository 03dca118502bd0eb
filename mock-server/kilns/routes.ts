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
import { toFacilityOption } from '../facilities/facilityView';
import type { KilnRecord } from '../store/schema';
import { isKilnIdTaken, kilnFields, sortKilns, toKiln, type KilnFields } from './kilnView';

/**
 * The Kiln Registry's calls (spec, "The calls it makes"). A facility admin sees, adds and edits
 * only kilns of the facilities they own, and may only put a kiln in one of them.
 */
export function kilnRoutes(ctx: AppContext): express.Router {
  const router = express.Router();
  const { data } = ctx;

  const kilnsOf = async (facilityIds: readonly number[]) => sortKilns((await data.kilns.list({ facilityIds })).map(toKiln));

  /**
   * 404 for a payload facility the caller may not reach, then 400 naming each
   * invalid field. A kiln reports itself by kiln_id alone, so the id must be
   * unique across every facility, not only the form's pair (docs/security.md,
   * "Kiln takeover"); the refusal names no other facility.
   */
  async function validatedKiln(auth: AuthContext, payload: KilnSaveRequest, original?: KilnRecord): Promise<KilnFields> {
    const facilityId = payload.facility_id;
    if (typeof facilityId === 'number' && Number.isInteger(facilityId) && facilityId > 0) {
      await reachableFacility(auth, data, facilityId);
    }
    const values = { ...payload, id: original?.id ?? null };
    const kilns = await data.kilns.list();
    const errors = validateKiln(values, kilns);
    if (!errors.kiln_id && isKilnIdTaken(values, kilns)) errors.kiln_id = 'duplicate';
    assertNoFieldErrors(errors, KILN_NUMBER_RULES);
    return kilnFields(payload);
  }

  router.get('/kiln/registry/list', requireOperation('kilns', 'list'), async (req, res) => {
    const facilities = await visibleFacilities(req.auth!, data);
    const body: KilnRegistryResponse = {
      kilns: await kilnsOf(facilities.map((f) => f.id)),
      facilities: facilities.map(toFacilityOption),
    };
    res.json(body);
  });

  router.get('/facility/:id/kilns', requireOperation('kilns', 'list'), async (req, res) => {
    const facility = await reachableFacility(req.auth!, data, positiveId(req.params.id, 'id'));
    const body: FacilityKilnsResponse = { kilns: await kilnsOf([facility.id]) };
    res.json(body);
  });

  router.post('/kiln/registry/add', requireOperation('kilns', 'create'), async (req, res) => {
    // the shape openapi.yaml promises, checked by the OpenAPI validator; the values are checked here
    const payload: KilnSaveRequest = req.body;
    const fields = await validatedKiln(req.auth!, payload);
    // a kiln_id taken by a racing request since the check is a 409 from the store
    await data.kilns.create({ ...fields, last_update: new Date().toISOString() });
    res.json({ status: 1 });
  });

  router.post('/kiln/registry/edit', requireOperation('kilns', 'edit'), async (req, res) => {
    const auth = req.auth!;
    const payload: KilnSaveRequest = req.body;
    const [kiln, scope] = await Promise.all([data.kilns.get(positiveId(payload.id, 'id')), facilityScope(auth, data)]);
    // another facility's kiln is as unknown as none at all
    if (!kiln || (scope && !scope.has(kiln.facility_id))) throw notFound('No such kiln.');
    const fields = await validatedKiln(auth, payload, kiln);
    await data.kilns.update(kiln.id, { ...fields, last_update: new Date().toISOString() });
    res.json({ status: 1 });
  });

  return router;
}
