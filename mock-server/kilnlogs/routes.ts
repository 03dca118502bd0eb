import type { Request, RequestHandler } from 'express';
import { KILNLOG_SORT_FIELDS, type KilnLogDetail } from '../../src/domain/api/kilnLogs';
import { facilityScope } from '../auth/facilityScope';
import { missingFile } from '../blobs/missingFile';
import type { AppContext } from '../context';
import { pipeToClient } from '../files/storedFiles';
import { conflict, notFound } from '../http/errors';
import type { Handlers } from '../http/mountOperations';
import { positiveId } from '../http/fieldErrors';
import { parseListParams, sendPage } from '../http/simpleRest';
import type { KilnLogPatch, StoreParts } from '../store/dataStore';
import type { KilnLogRecord } from '../store/model';
import { ingestLog, reanalysis } from './ingest';
import { recordAnomalies } from '../fleet/anomalyPass';
import { queueCopyCheck } from '../fleet/copyCheck';
import { presentListed, presentOne } from './presentLog';
import { inFacilities } from '../store/kilnLogQuery';
import { DEFAULT_KILNLOG_SORT, parseKilnLogFilter } from './query';
import { deleteAfter } from '../store/retention';
import { admission, checkSignature, readSignature, signatureOf } from './signedUpload';
import { KilnLogFiles } from './storage';
import { readUploadBody, uploadedLog } from './uploadBody';

/** The kiln log calls of docs/product.md#calls-beyond-the-specification: upload, lists, detail, download, re-analysis, archive and restore. */
export function kilnLogHandlers(ctx: AppContext): Handlers {
  const { data } = ctx;
  const files = new KilnLogFiles(ctx.blobs);

  const facilitiesOf = (req: Request) => facilityScope(req.auth!, data);

  /** The log the caller may see (live or archived, or only archived); 404 for any other, so a hidden log is not revealed. */
  const visible = async (req: Request, row: KilnLogRecord | null, onlyArchived = false): Promise<KilnLogRecord> => {
    if (!row || !inFacilities(row, await facilitiesOf(req)) || (onlyArchived && row.archived_ts === null)) {
      throw notFound(onlyArchived ? 'No such archived kiln log.' : 'No such kiln log.');
    }
    return row;
  };
  const findLog = async (req: Request, onlyArchived = false) =>
    visible(req, await data.kilnLogs.get(positiveId(req.params.id, 'id')), onlyArchived);

  /**
   * Changes one log in a transaction: found again (seen by the caller), checked
   * and changed there, so no audit or archival slips in between check and change.
   */
  const changeLog = (
    req: Request,
    change: (row: KilnLogRecord) => KilnLogPatch,
    { onlyArchived = false, also }: { onlyArchived?: boolean; also?: (tx: StoreParts, row: KilnLogRecord) => Promise<void> } = {},
  ) =>
    data.transaction(async (tx) => {
      const row = await visible(req, await tx.kilnLogs.get(positiveId(req.params.id, 'id')), onlyArchived);
      const changed = (await tx.kilnLogs.update(row.id, change(row)))!;
      await also?.(tx, changed);
      return changed;
    });

  // an archived burn's open anomalies close with it, and reopen with its restore, in the same transaction (no dead ends)
  const anomaliesFollow = (tx: StoreParts, row: KilnLogRecord) => tx.fleet.archived(row.id, row.archived_ts);

  /** Analysis and archival are refused for an audited burn (docs/product.md#what-the-product-does). */
  const refuseIfAudited = (row: KilnLogRecord, doing: string) => {
    if (row.audited) throw conflict(`Log ${row.id} is an audited burn: it cannot be ${doing}.`);
  };

  const list =
    (archived: boolean): RequestHandler =>
    async (req, res) => {
      const params = parseListParams(req.query, KILNLOG_SORT_FIELDS, DEFAULT_KILNLOG_SORT);
      const filter = parseKilnLogFilter(params.filter);
      const page = await data.kilnLogs.list({ archived, facilityIds: await facilitiesOf(req) }, filter, params);
      sendPage(res, { ...page, rows: page.rows.map(presentListed) });
    };

  const refuseAnalysis = (row: KilnLogRecord) => {
    refuseIfAudited(row, 'analysed again');
    if (row.archived_ts !== null) throw conflict(`Log ${row.id} is archived: restore it before analysing it again.`);
  };

  return {
    uploadKilnLog: [
      readSignature,
      readUploadBody,
      async (req, res) => {
        const { bytes, fileName } = uploadedLog(req);
        const signature = signatureOf(res.locals);
        // the signature is checked before the file is analysed: an unknown or revoked key costs no analysis
        const signed = signature ? { signature, key: await checkSignature(data, signature, bytes) } : null;
        const row = await ingestLog(
          data,
          files,
          { bytes, fileName, uploadTs: new Date(), uploadedBy: req.auth?.userId },
          admission(data, signed),
        );
        res.status(201).json(await presentOne(data, row));
        // the copy check after the answer, in this server's queue (mock-server/fleet/copyCheck.ts)
        void queueCopyCheck({ data, files }, row.id);
      },
    ],

    listKilnLogs: list(false),
    listArchivedKilnLogs: list(true),

    getArchiveRetention: (_req, res) => {
      res.json({ retention_days: ctx.config.archiveRetentionDays });
    },

    getKilnLog: async (req, res) => {
      const row = await findLog(req);
      const [log, analysis] = await Promise.all([presentOne(data, row), files.readAnalysis(row.id)]);
      const detail: KilnLogDetail = { ...log, ...analysis };
      res.json(detail);
    },

    downloadKilnLog: async (req, res) => {
      const row = await findLog(req);
      const raw = await ctx.blobs.get(row.s3key);
      if (!raw) throw missingFile(row.s3key, `kiln log ${row.id}`);
      res.attachment(row.file_name).type('text/csv').set('Content-Length', String(raw.size));
      await pipeToClient(raw.stream, res);
    },

    analyseKilnLog: async (req, res) => {
      const found = await findLog(req);
      refuseAnalysis(found);
      const [bytes, previousAnalysis] = await Promise.all([files.readRaw(found.s3key), files.readAnalysis(found.id)]);
      const { fields, file, fingerprint } = await reanalysis(data, found, bytes);
      // the chart is replaced first and put back when the row cannot take the new result
      await files.saveAnalysis(found.id, file);
      try {
        const row = await changeLog(req, (row) => {
          refuseAnalysis(row);
          return fields;
        });
        await recordAnomalies(data, row, fingerprint);
        res.json(await presentOne(data, row));
        void queueCopyCheck({ data, files }, row.id);
      } catch (err) {
        await files.saveAnalysis(found.id, previousAnalysis);
        throw err;
      }
    },

    archiveKilnLog: async (req, res) => {
      const row = await changeLog(
        req,
        (row) => {
          refuseIfAudited(row, 'archived');
          if (row.archived_ts !== null) throw conflict(`Log ${row.id} is already archived.`);
          const now = new Date();
          return { archived_ts: now.toISOString(), delete_after: deleteAfter(now, ctx.config.archiveRetentionDays) };
        },
        {
          also: async (tx, row) => {
            // after the update, which holds the burn's row as a batch's create must: a batch made meanwhile is seen here
            const [batch] = await tx.batches.ofLogs([row.id]);
            if (batch)
              throw conflict(
                `Log ${row.id} is in batch ${batch.id} (${batch.label}): a batch's evidence keeps its burns, so it cannot be archived.`,
              );
            await anomaliesFollow(tx, row);
          },
        },
      );
      res.json(await presentOne(data, row));
    },

    restoreKilnLog: async (req, res) => {
      const row = await changeLog(req, () => ({ archived_ts: null, delete_after: null }), { onlyArchived: true, also: anomaliesFollow });
      res.json(await presentOne(data, row));
    },
  };
}
