import type { Request } from 'express';
import { ANOMALY_SORT_FIELDS, CHECK_NOTE_MAX, type AnomalyCheckRequest, type FleetView } from '../../src/domain/api/fleet';
import { facilityScope } from '../auth/facilityScope';
import type { AppContext } from '../context';
import type { Handlers } from '../http/mountOperations';
import { fieldError, forbidden, notFound } from '../http/errors';
import { positiveId } from '../http/fieldErrors';
import { parseListParams, sendPage } from '../http/simpleRest';
import { DEFAULT_ANOMALY_SORT, parseAnomalyFilter } from './anomalyQuery';

export const CHECK_BY_UPLOADER = 'You uploaded this burn: a second person must check its anomaly.';
export const CHECK_BY_FACILITY_ADMIN = 'You administer this burn\u2019s facility: a second person must check its anomaly.';

/** The Fleet screen's calls: its anomalies, marking one checked, and the burns and boxes of its map and trends. */
export function fleetHandlers(ctx: AppContext): Handlers {
  const { data } = ctx;
  const facilitiesOf = (req: Request) => facilityScope(req.auth!, data);

  return {
    listFleetAnomalies: async (req, res) => {
      const params = parseListParams(req.query, ANOMALY_SORT_FIELDS, DEFAULT_ANOMALY_SORT);
      const filter = parseAnomalyFilter(params.filter);
      sendPage(res, await data.fleet.anomalies({ facilityIds: await facilitiesOf(req), filter }, params));
    },

    checkFleetAnomaly: async (req, res) => {
      const id = positiveId(req.params.id, 'id');
      const { note }: AnomalyCheckRequest = req.body;
      const text = typeof note === 'string' ? note.trim() : '';
      if (!text) throw fieldError('note', 'note must say what was checked.');
      if (text.length > CHECK_NOTE_MAX) throw fieldError('note', `note may be at most ${CHECK_NOTE_MAX} characters.`);
      const scope = await facilitiesOf(req);
      const found = await data.fleet.anomaly(id);
      // another facility's anomaly is not there for this caller
      if (!found || (scope !== null && !scope.has(found.facility_id))) throw notFound('No such anomaly.');
      const auth = req.auth!;
      // a second person: not who uploaded the burn, nor the admin of its facility
      const [log, facility] = await Promise.all([data.kilnLogs.get(found.log_id), data.facilities.get(found.facility_id)]);
      if (log?.uploaded_by === auth.userId) throw forbidden(CHECK_BY_UPLOADER);
      if (facility?.owner_id === auth.userId) throw forbidden(CHECK_BY_FACILITY_ADMIN);
      const checked = await data.fleet.check(id, {
        checked_by: auth.userId,
        checked_by_name: auth.username,
        checked_ts: new Date().toISOString(),
        check_note: text,
      });
      if (!checked) throw notFound('No such anomaly.');
      res.json(checked);
    },

    listFleetBurns: async (req, res) => {
      const facilityId = req.query.facility_id === undefined ? undefined : positiveId(req.query.facility_id, 'facility_id');
      const scope = await facilitiesOf(req);
      const [burns, facilities] = await Promise.all([data.fleet.burns({ facilityIds: scope, facilityId }), data.facilities.list()]);
      const view: FleetView = {
        facilities: facilities
          .filter((f) => (scope === null || scope.has(f.id)) && (facilityId === undefined || f.id === facilityId))
          .map(({ id, mnemonic, name, latitude_min, latitude_max, longitude_min, longitude_max }) => ({
            id,
            mnemonic,
            name,
            latitude_min,
            latitude_max,
            longitude_min,
            longitude_max,
          })),
        burns: burns.map((b) => ({
          id: b.log_id,
          facility_id: b.facility_id,
          kiln: b.kiln,
          kiln_id: b.kiln_id,
          kiln_type: b.kiln_type,
          logts: b.logts,
          latitude: b.latitude,
          longitude: b.longitude,
          valid: b.valid,
          reasons: b.reasons,
          burn_duration: b.burn_duration,
          biomass_loaded: b.biomass_loaded,
          biochar_produced: b.biochar_produced,
          co2_removed: b.co2_removed,
          open_anomalies: b.open_anomalies,
        })),
      };
      res.json(view);
    },
  };
}
