import express, { type Request } from 'express';
import { KILNLOG_SORT_FIELDS, type KilnLog, type KilnLogDetail } from '../../src/domain/api/kilnLogs';
import { facilityScope } from '../auth/facilityScope';
import { requireRule } from '../auth/middleware';
import type { AppContext } from '../context';
import { conflict, notFound } from '../http/errors';
import { positiveId } from '../http/fieldErrors';
import { parseListParams, sendPage } from '../http/simpleRest';
import { commit } from '../store/commit';
import type { KilnLogRecord } from '../store/schema';
import { ingestLog, reanalyseLog } from './ingest';
import { DEFAULT_KILNLOG_SORT, inFacilities, parseKilnLogFilter, queryKilnLogs } from './query';
import { deleteAfter } from './retention';
import { KilnLogFiles } from './storage';
import { readUploadBody, uploadedLog } from './uploadBody';

/** The API row: the stored row plus analysis_id, the spec's name for the same id. */
const present = (row: KilnLogRecord): KilnLog => ({ ...row, analysis_id: row.id });

/** The kiln log calls of DESIGN, "Calls the spec does not show": upload, lists, detail, download, re-analysis, archive and restore. */
export function kilnLogRoutes(ctx: AppContext): express.Router {
  const router = express.Router();
  const files = new KilnLogFiles(ctx.store.filesDir);
  const canRead = requireRule('read', 'kilnlog');
  const canUpdate = requireRule('update', 'kilnlog');

  const facilitiesOf = (req: Request) => facilityScope(req.auth!, ctx.data);

  /** The log the caller may see (live or archived, or only archived); 404 for any other, so a hidden log is not revealed. */
  const findLog = async (req: Request, onlyArchived = false): Promise<KilnLogRecord> => {
    const id = positiveId(req.params.id, 'id');
    const scope = await facilitiesOf(req);
    const row = ctx.store.data.kilnlogs.find((r) => r.id === id);
    if (!row || !inFacilities(row, scope) || (onlyArchived && row.archived_ts === null)) {
      throw notFound(onlyArchived ? 'No such archived kiln log.' : 'No such kiln log.');
    }
    return row;
  };

  /** Analysis and archival are refused for an audited burn (spec, "What the product does and for whom"). */
  const refuseIfAudited = (row: KilnLogRecord, doing: string) => {
    if (row.audited) throw conflict(`Log ${row.id} is an audited burn: it cannot be ${doing}.`);
  };

  router.post('/kilnlogs/upload', requireRule('create', 'kilnlog'), readUploadBody, (req, res) => {
    const { bytes, fileName } = uploadedLog(req);
    const state = ctx.store.data;
    const row = ingestLog(state, files, { bytes, fileName, uploadTs: new Date() });
    commit(ctx.store, {
      undo() {
        state.kilnlogs.splice(state.kilnlogs.indexOf(row), 1);
        files.remove(row.id, row.s3key);
      },
    });
    res.status(201).json(present(row));
  });

  const list = (archived: boolean): express.RequestHandler => async (req, res) => {
    const params = parseListParams(req.query, KILNLOG_SORT_FIELDS, DEFAULT_KILNLOG_SORT);
    const filter = parseKilnLogFilter(params.filter);
    const page = queryKilnLogs(ctx.store.data.kilnlogs, { archived, facilityIds: await facilitiesOf(req) }, filter, params);
    sendPage(res, { ...page, rows: page.rows.map(present) });
  };
  router.get('/kilnlogs', canRead, list(false));
  router.get('/archived_kilnlogs', canRead, list(true));

  router.get('/archived_kilnlogs/retention', canRead, (_req, res) => {
    res.json({ retention_days: ctx.config.archiveRetentionDays });
  });

  router.get('/kilnlogs/:id', canRead, async (req, res) => {
    const row = await findLog(req);
    const detail: KilnLogDetail = { ...present(row), ...(await files.readAnalysis(row.id)) };
    res.json(detail);
  });

  router.get('/kilnlogs/:id/download', canRead, async (req, res) => {
    const row = await findLog(req);
    const bytes = await files.readRaw(row.s3key);
    res.attachment(row.file_name).type('text/csv').send(bytes);
  });

  router.post('/kilnlogs/:id/analyse', canUpdate, async (req, res) => {
    const row = await findLog(req);
    const [bytes, previousAnalysis] = await Promise.all([files.readRaw(row.s3key), files.readAnalysis(row.id)]);
    // checked after the reads, so no audit can slip in between check and change
    refuseIfAudited(row, 'analysed again');
    if (row.archived_ts !== null) throw conflict(`Log ${row.id} is archived: restore it before analysing it again.`);
    const previousRow = { ...row };
    reanalyseLog(ctx.store.data, files, row, bytes);
    commit(ctx.store, {
      undo() {
        Object.assign(row, previousRow);
        files.saveAnalysis(row.id, previousAnalysis);
      },
    });
    res.json(present(row));
  });

  router.post('/kilnlogs/:id/archive', canUpdate, async (req, res) => {
    const row = await findLog(req);
    refuseIfAudited(row, 'archived');
    if (row.archived_ts !== null) throw conflict(`Log ${row.id} is already archived.`);
    const now = new Date();
    row.archived_ts = now.toISOString();
    row.delete_after = deleteAfter(now, ctx.config.archiveRetentionDays);
    ctx.store.write();
    res.json(present(row));
  });

  router.post('/archived_kilnlogs/:id/restore', canUpdate, async (req, res) => {
    const row = await findLog(req, true);
    row.archived_ts = null;
    row.delete_after = null;
    ctx.store.write();
    res.json(present(row));
  });

  return router;
}
