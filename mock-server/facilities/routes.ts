import type {
  FacilityChange,
  FacilityDropdownResponse,
  FacilityListResponse,
  FacilitySaveRequest,
  SignedBurnsOnly,
} from '../../src/domain/api/configure';
import { BATCH_PERIOD_DAYS_RULE, changedSettings, facilitySettingsOf } from '../../src/domain/facilitySettings';
import { FACILITY_NUMBER_RULES, validateFacility } from '../../src/domain/facilityValidation';
import { isBlank } from '../../src/domain/validation';
import type { AuthContext } from '../auth/authContext';
import { may } from '../auth/may';
import type { AppContext } from '../context';
import type { Handlers } from '../http/mountOperations';
import { fieldError, HttpError } from '../http/errors';
import { assertNoFieldErrors, positiveId } from '../http/fieldErrors';
import type { StoreParts } from '../store/dataStore';
import type { CreditField } from '../store/model';
import type { FacilityRecord } from '../store/model';
import { reachableFacility, visibleFacilities } from './access';
import { changedCreditValues, creditValues, recordFacilityChange } from './facilityChanges';
import { allowedOwners, facilityFields, toFacility, toFacilityOption, type FacilityFields } from './facilityView';

/** The save payload's field of each credit value, where a refusal names it. */
const PAYLOAD_FIELD: Record<CreditField, string> = {
  latitude_min: 'latMin',
  latitude_max: 'latMax',
  longitude_min: 'lonMin',
  longitude_max: 'lonMax',
  wicf: 'config.cgo1.wicf',
  carbon_removal_factor: 'config.cgo1.carbonRemovalFactor',
};

export const CREDIT_VALUES_REFUSED = "Only a super-admin may change a facility's GPS box and carbon factors.";
const SETTINGS_REFUSED = "Only a super-admin may change a facility's batch and methodology settings.";

/**
 * The Facilities page's calls (docs/product.md#calls): list, add, edit and the facility
 * dropdown. A facility admin sees and edits only the facilities they own, and not what
 * credits their burns (GPS box, carbon factors, batch and methodology settings: docs/roles.md#numbers-that-credit-a-facility); adding needs `create facility`
 * (super-admin only, docs/roles.md#numbers-that-credit-a-facility). Every change of a GPS bound, factor or setting is
 * recorded (GET /facility/{id}/changes).
 */
export function facilityHandlers(ctx: AppContext): Handlers {
  const { data } = ctx;

  /** The stored fields of a payload with no fault; else 400 naming each invalid field, checked against the other facilities and the owner choices. */
  async function validatedFacility(
    tx: StoreParts,
    auth: AuthContext,
    payload: FacilitySaveRequest,
    original?: FacilityRecord,
  ): Promise<FacilityFields> {
    const [mnemonics, owners] = await Promise.all([tx.facilities.mnemonics(), allowedOwners(auth, tx)]);
    const errors = validateFacility(payload, {
      existingMnemonics: mnemonics,
      allowedOwnerIds: owners.map((o) => o.id),
      originalMnemonic: original?.mnemonic,
    });
    assertNoFieldErrors(errors, { ...FACILITY_NUMBER_RULES, batch_period_days: BATCH_PERIOD_DAYS_RULE });
    return facilityFields(payload);
  }

  /**
   * 403 naming each GPS bound, factor or batch or methodology setting a caller
   * who may not set them would change; sent unchanged (the console sends every
   * field) they pass, and the stored config is kept as it is.
   */
  function keepCreditValues(auth: AuthContext, fields: FacilityFields, original: FacilityRecord): FacilityFields {
    if (may(auth, 'facilities', 'certify')) return fields;
    const refused: Record<string, string> = {};
    for (const f of Object.keys(changedCreditValues(creditValues(original), creditValues(fields))) as CreditField[])
      refused[PAYLOAD_FIELD[f]] = CREDIT_VALUES_REFUSED;
    for (const f of Object.keys(changedSettings(facilitySettingsOf(original), facilitySettingsOf({ ...original, ...fields }))))
      refused[f] = SETTINGS_REFUSED;
    const reasons = Object.values(refused);
    if (reasons.length) throw new HttpError(403, reasons[0], {}, refused);
    return { ...fields, kiln_type_config: original.kiln_type_config };
  }

  return {
    // `uid` is accepted for the spec's console and ignored: the scope comes from the verified token
    listFacilities: async (req, res) => {
      const auth = req.auth!;
      const [facilities, owners] = await Promise.all([visibleFacilities(auth, data), allowedOwners(auth, data)]);
      const body: FacilityListResponse = {
        facilities: facilities.map(toFacility),
        mnemonics: facilities.map((f) => f.mnemonic),
        allowedOwners: owners,
      };
      res.json(body);
    },

    listFacilityOptions: async (req, res) => {
      const body: FacilityDropdownResponse = { data: (await visibleFacilities(req.auth!, data)).map(toFacilityOption) };
      res.json(body);
    },

    listFacilityChanges: async (req, res) => {
      const facility = await reachableFacility(req.auth!, data, positiveId(req.params.id, 'id'));
      const body: FacilityChange[] = await data.facilities.changesOf(facility.id);
      res.json(body);
    },

    addFacility: async (req, res) => {
      const auth = req.auth!;
      // the shape openapi.yaml promises, checked by the OpenAPI validator; the values are checked here
      const payload: FacilitySaveRequest = req.body;
      await data.transaction(async (tx) => {
        const fields = await validatedFacility(tx, auth, payload);
        // a mnemonic taken by a racing request since the check is a 409 from the store
        const created = await tx.facilities.create({ ...fields, last_updated: new Date().toISOString(), latest_facility_audit_id: null });
        await recordFacilityChange(tx, auth, created.id, 'create', {
          values: changedCreditValues(null, creditValues(created)),
          settings: changedSettings(null, facilitySettingsOf(created)),
        });
      });
      res.json({ status: 1 });
    },

    editFacility: async (req, res) => {
      const auth = req.auth!;
      const payload: FacilitySaveRequest = req.body;
      const id = positiveId(payload.id, 'id');
      await data.transaction(async (tx) => {
        // scope and fields are checked on the locked row, so no other edit lands between check and write
        const facility = await reachableFacility(auth, tx, id, { lock: true });
        if (!isBlank(payload.mnemonic) && payload.mnemonic?.trim() !== facility.mnemonic) {
          throw fieldError('mnemonic', 'mnemonic cannot be changed.');
        }
        const fields = keepCreditValues(auth, await validatedFacility(tx, auth, payload, facility), facility);
        await tx.facilities.update(facility.id, { ...fields, last_updated: new Date().toISOString() });
        const values = changedCreditValues(creditValues(facility), creditValues(fields));
        const settings = changedSettings(facilitySettingsOf(facility), facilitySettingsOf({ ...facility, ...fields }));
        if (Object.keys(values).length || Object.keys(settings).length) {
          await recordFacilityChange(tx, auth, facility.id, 'update', {
            ...(Object.keys(values).length && { values }),
            ...(Object.keys(settings).length && { settings }),
          });
        }
      });
      res.json({ status: 1 });
    },

    // whether the facility's audits take only device-signed burns (docs/security.md, "Kiln identity"): a super-admin's credit decision
    setSignedBurnsOnly: async (req, res) => {
      const auth = req.auth!;
      const { signed_burns_only: wanted }: SignedBurnsOnly = req.body;
      await data.transaction(async (tx) => {
        const facility = await reachableFacility(auth, tx, positiveId(req.params.id, 'id'), { lock: true });
        const before = facility.signed_burns_only ?? false;
        if (before === wanted) return;
        await tx.facilities.update(facility.id, { signed_burns_only: wanted });
        await recordFacilityChange(tx, auth, facility.id, 'signed_burns_only', { signed_burns_only: { from: before, to: wanted } });
      });
      const body: SignedBurnsOnly = { signed_burns_only: wanted };
      res.json(body);
    },
  };
}
