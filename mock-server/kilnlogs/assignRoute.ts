import type { KilnLogAssignRequest } from '../../src/domain/api/kilnLogs';
import type { AppContext } from '../context';
import type { Handlers } from '../http/mountOperations';
import { conflict, notFound } from '../http/errors';
import { positiveId } from '../http/fieldErrors';
import { recordFacilityChange } from '../facilities/facilityChanges';
import type { KilnLogRecord } from '../store/model';
import { recordAnomalies } from '../fleet/anomalyPass';
import { queueCopyCheck } from '../fleet/copyCheck';
import { assignedAnalysis } from './ingest';
import { presentOne } from './presentLog';
import { hasActiveKey } from './signedUpload';
import { KilnLogFiles } from './storage';

/** Why a log cannot be assigned now, or null: only a live log of no facility can (a log's facility is fixed once set). */
function unassignable(row: KilnLogRecord): string | null {
  if (row.facility_id !== null) return `Log ${row.id} is filed under a facility already: a log's facility never changes.`;
  if (row.archived_ts !== null) return `Log ${row.id} is archived: restore it before assigning it.`;
  return null;
}

/**
 * POST /api/kilnlogs/{id}/assign: a super-admin files a log whose kiln was
 * unknown when it arrived under a registered kiln, and the log is analysed
 * there (docs/security.md, M1). No registration and no re-analysis does
 * this by itself. Recorded in the facility's credit trail.
 */
export function kilnLogAssignHandlers(ctx: AppContext): Handlers {
  const { data } = ctx;
  const files = new KilnLogFiles(ctx.blobs);

  return {
    assignKilnLog: async (req, res) => {
      const auth = req.auth!;
      const id = positiveId(req.params.id, 'id');
      const { kiln: kilnRecordId }: KilnLogAssignRequest = req.body;
      const [found, kiln] = await Promise.all([data.kilnLogs.get(id), data.kilns.get(positiveId(kilnRecordId, 'kiln'))]);
      if (!found) throw notFound('No such kiln log.');
      if (!kiln) throw notFound('No such kiln.');
      const refusal = unassignable(found);
      if (refusal) throw conflict(refusal);
      // a kiln that signs its logs takes no unsigned one by assignment either (docs/security.md, "Kiln identity")
      if (!found.signed && (await hasActiveKey(data, kiln.id)))
        throw conflict(`Kiln ${kiln.kiln_id} signs its logs: an unsigned log cannot be filed under it.`);
      const facility = await data.facilities.get(kiln.facility_id);
      if (!facility) throw notFound('No such kiln.');
      const [bytes, previousAnalysis] = await Promise.all([files.readRaw(found.s3key), files.readAnalysis(found.id)]);
      const calibrations = await data.calibrations.ofKiln(kiln.id);
      const { fields, file, fingerprint } = assignedAnalysis(bytes, { kiln, facility, calibrations }, found.upload_ts);
      if (fields.facility_id === null) throw conflict(`Log ${id} names no kiln in its file: it cannot be filed under one.`);
      // the chart is replaced first and put back when the row cannot take the new filing
      await files.saveAnalysis(id, file);
      try {
        const row = await data.transaction(async (tx) => {
          const filed = await tx.kilnLogs.fileUnassigned(id, fields);
          if (!filed) {
            const now = await tx.kilnLogs.get(id);
            throw conflict((now && unassignable(now)) ?? `Log ${id} cannot be assigned now.`);
          }
          await recordFacilityChange(tx, auth, facility.id, 'assign_log', { kilnlog_id: id, kiln: { id: kiln.id, kiln_id: kiln.kiln_id } });
          return filed;
        });
        await recordAnomalies(data, row, fingerprint);
        res.json(await presentOne(data, row));
        void queueCopyCheck({ data, files }, row.id);
      } catch (err) {
        await files.saveAnalysis(id, previousAnalysis);
        throw err;
      }
    },
  };
}
