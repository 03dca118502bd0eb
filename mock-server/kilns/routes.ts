import type {
  FacilityKilnsResponse,
  Kiln,
  KilnApproveRequest,
  KilnRegistryResponse,
  KilnSaveRequest,
} from '../../src/domain/api/configure';
import { KILN_NUMBER_RULES, validateKiln } from '../../src/domain/kilnValidation';
import type { AuthContext } from '../auth/authContext';
import { may } from '../auth/may';
import { facilityScope } from '../auth/facilityScope';
import type { AppContext } from '../context';
import type { Handlers } from '../http/mountOperations';
import { notFound } from '../http/errors';
import { assertNoFieldErrors, positiveId } from '../http/fieldErrors';
import { reachableFacility, visibleFacilities } from '../facilities/access';
import { recordFacilityChange } from '../facilities/facilityChanges';
import { toFacilityOption } from '../facilities/facilityView';
import type { StoreParts } from '../store/dataStore';
import type { KilnRecord } from '../store/model';
import { approveFirstCalibration, approvesCalibrations, isProvisional, proposeCalibration } from './calibrationRoutes';
import { isKilnIdTaken, kilnFields, sortKilns, toKiln, type KilnFields } from './kilnView';

const EMPTY_CONFIG = '{}';

/**
 * A new kiln's version 1: its config, in force at once when a super-admin set
 * it or it holds no number (nothing to approve), pending otherwise; approving
 * the kiln approves it (approveFirstCalibration).
 */
async function firstCalibration(tx: StoreParts, auth: AuthContext, kiln: KilnRecord, config: string, now: string): Promise<void> {
  if (config !== EMPTY_CONFIG) return proposeCalibration(tx, auth, kiln, config, now, null);
  await tx.calibrations.add({
    kiln_id: kiln.id,
    config,
    proposed_by: auth.userId,
    proposed_ts: now,
    effective_from: now,
    approved_by: approvesCalibrations(auth) ? auth.userId : null,
    approved_ts: now,
  });
}

/** Whether the caller approves kiln ids (a super-admin): a kiln id anyone else registers waits for one (docs/roles.md#numbers-that-credit-a-facility). */
const approvesKilns = (auth: AuthContext) => may(auth, 'kilns', 'approve');

/**
 * The Kiln Registry's calls (docs/product.md#calls). A facility admin sees, adds and edits
 * only kilns of the facilities they own, and may only put a kiln in one of them; a kiln id
 * they register (or rename a kiln to) is pending until a super-admin approves it.
 */
export function kilnHandlers(ctx: AppContext): Handlers {
  const { data } = ctx;

  const kilnsOf = async (facilityIds: readonly number[]) => {
    const [kilns, pending] = await Promise.all([data.kilns.list({ facilityIds }), data.calibrations.pendingKilns()]);
    return sortKilns(kilns.map((k) => toKiln(k, pending.includes(k.id))));
  };

  /**
   * 404 for a payload facility the caller may not reach, then 400 naming each
   * invalid field. A kiln reports itself by kiln_id alone, so the id must be
   * unique across every facility, not only the form's pair (docs/security.md,
   * "Kiln takeover"); the refusal names no other facility. Read in the
   * caller's transaction, so the write that follows acts on what was checked.
   */
  async function validatedKiln(tx: StoreParts, auth: AuthContext, payload: KilnSaveRequest, original?: KilnRecord): Promise<KilnFields> {
    const facilityId = payload.facility_id;
    if (typeof facilityId === 'number' && Number.isInteger(facilityId) && facilityId > 0) {
      await reachableFacility(auth, tx, facilityId);
    }
    const values = { ...payload, id: original?.id ?? null };
    const kilns = await tx.kilns.list();
    const errors = validateKiln(values, kilns);
    if (!errors.kiln_id && isKilnIdTaken(values, kilns)) errors.kiln_id = 'duplicate';
    assertNoFieldErrors(errors, KILN_NUMBER_RULES);
    return kilnFields(payload);
  }

  return {
    listKilnRegistry: async (req, res) => {
      const facilities = await visibleFacilities(req.auth!, data);
      const body: KilnRegistryResponse = {
        kilns: await kilnsOf(facilities.map((f) => f.id)),
        facilities: facilities.map(toFacilityOption),
      };
      res.json(body);
    },

    listFacilityKilns: async (req, res) => {
      const facility = await reachableFacility(req.auth!, data, positiveId(req.params.id, 'id'));
      const body: FacilityKilnsResponse = { kilns: await kilnsOf([facility.id]) };
      res.json(body);
    },

    addKiln: async (req, res) => {
      const auth = req.auth!;
      // the shape openapi.yaml promises, checked by the OpenAPI validator; the values are checked here
      const payload: KilnSaveRequest = req.body;
      const now = new Date().toISOString();
      await data.transaction(async (tx) => {
        const fields = await validatedKiln(tx, auth, payload);
        const approval = approvesKilns(auth) ? { approved_ts: now, approved_by: auth.userId } : { approved_ts: null, approved_by: null };
        // a kiln_id taken by a racing request since the check is a 409 from the store
        const kiln = await tx.kilns.create({ ...fields, ...approval, last_update: now });
        await firstCalibration(tx, auth, kiln, fields.config, now);
      });
      res.json({ status: 1 });
    },

    editKiln: async (req, res) => {
      const auth = req.auth!;
      const payload: KilnSaveRequest = req.body;
      const id = positiveId(payload.id, 'id');
      await data.transaction(async (tx) => {
        // scope and fields are checked on the locked row, so no other edit lands between check and write
        const [kiln, scope] = await Promise.all([tx.kilns.lock(id), facilityScope(auth, tx)]);
        // another facility's kiln is as unknown as none at all
        if (!kiln || (scope && !scope.has(kiln.facility_id))) throw notFound('No such kiln.');
        const fields = await validatedKiln(tx, auth, payload, kiln);
        // a new kiln id is a new registration: pending again unless a super-admin made it
        const renamed = fields.kiln_id !== kiln.kiln_id && !approvesKilns(auth);
        const now = new Date().toISOString();
        // a changed calibration is a new version: pending (the config in force stays) unless a super-admin made it
        await proposeCalibration(tx, auth, kiln, fields.config, now, kiln.config);
        const provisional = await isProvisional(tx, kiln);
        await tx.kilns.update(kiln.id, {
          ...fields,
          config: approvesCalibrations(auth) || provisional ? fields.config : kiln.config,
          ...(renamed && { approved_ts: null, approved_by: null }),
          last_update: now,
        });
      });
      res.json({ status: 1 });
    },

    approveKiln: async (req, res) => {
      const auth = req.auth!;
      const { id }: KilnApproveRequest = req.body;
      const kiln = await data.transaction(async (tx) => {
        const done = await tx.kilns.approve(positiveId(id, 'id'), { approved_by: auth.userId, approved_ts: new Date().toISOString() });
        if (!done) throw notFound('No such kiln.');
        if (done.approved) {
          // the calibration first: the trail's newest entry is the kiln's approval
          await approveFirstCalibration(tx, auth, done.kiln);
          await recordFacilityChange(tx, auth, done.kiln.facility_id, 'approve_kiln', {
            kiln: { id: done.kiln.id, kiln_id: done.kiln.kiln_id },
          });
        }
        return done.kiln;
      });
      const [row] = (await data.kilns.list({ facilityIds: [kiln.facility_id] })).filter((k) => k.id === kiln.id);
      const body: Kiln = toKiln(row, (await data.calibrations.pendingKilns()).includes(row.id));
      res.json(body);
    },
  };
}
