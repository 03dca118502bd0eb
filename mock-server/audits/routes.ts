import type { Request } from 'express';
import { STATEMENT_UPLOAD } from '../../src/domain/api/configure';
import { SIGNOFF_BY_PROPOSER, WITHDRAW_BY_OTHERS, maySignOff, mayWithdraw } from '../../src/domain/audits/fourEyes';
import { ALGORITHM_VERSION } from '../analysis';
import { auditPackage, auditReport, keptPackage, packageKey } from '../auditPackage/auditPackage';
import { packageFileName, reportFileName, sha256 } from '../auditPackage/build';
import { facilityScope } from '../auth/facilityScope';
import type { AppContext } from '../context';
import type { Handlers } from '../http/mountOperations';
import { reachableFacility } from '../facilities/access';
import { recordFacilityChange } from '../facilities/facilityChanges';
import { formField, readMultipart } from '../files/multipartUpload';
import { inlineDisposition } from '../files/fileNames';
import { checkedStatement } from '../files/statementFile';
import { sendBlob } from '../files/storedFiles';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../http/errors';
import { positiveId } from '../http/fieldErrors';
import { heldProblems, heldReason, openAnomaliesOf } from '../fleet/holds';
import { KilnLogFiles } from '../kilnlogs/storage';
import { analysisVersion } from '../store/auditRules';
import { commitFiles } from '../store/commit';
import { signoffEntry } from '../transparency/acts';
import { logAct } from '../transparency/log';
import { filePackage, packageProofs } from '../transparency/packageProofs';
import type { AuditRow } from '../store/model';
import type {
  AuditableLogsResponse,
  AuditedLogsResponse,
  AuditHistoryResponse,
  CarbonSummaryResponse as Co2SummaryResponse,
  PotentialLogsResponse,
  ProposedAuditItem,
  ProposedAuditsResponse,
  ProposeRequest,
  ProposeResult,
} from '../../src/domain/api/audits';
import { auditLogs, auditPeople, facilitySummary, historyItem, proposedAudit } from './auditViews';
import { signoffRange } from './dateRange';
import { evidenceBlobKey, isDocKey, newDocKey } from './evidence';
import { auditCredits, auditRulebook, chosenRulebook, creditsToFreeze } from './credits';

/** A proposal or signoff names at most this many burns (the OpenAPI limit of analysis_ids). */
const MAX_BURNS = 1000;

/** A kiln type query parameter: 0, 1, 2 or -1 (any), as the contract allows. */
function kilnTypeParam(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^(-1|0|1|2)$/.test(text)) throw fieldError('kiln_type', 'kiln_type must be -1 (any), 0, 1 or 2.');
  return Number(text);
}

/** The repeated analysis_ids of the signoff form, each a positive id; at least one. */
function signoffIds(req: Request): number[] {
  const raw: unknown = req.body?.analysis_ids;
  const values = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  if (values.length === 0) throw fieldError('analysis_ids', 'Please select at least one log to sign off.');
  if (values.length > MAX_BURNS) throw fieldError('analysis_ids', `A signoff names at most ${MAX_BURNS} logs.`);
  return values.map((v) => positiveId(typeof v === 'string' ? v.trim() : v, 'analysis_ids'));
}

/**
 * The audit calls of docs/product.md#calls: burns that can be proposed, propose, the open
 * proposals, a proposal's burns, signoff with its statement, the history,
 * an audit's burns, its evidence and the carbon summary.
 */
export function auditHandlers(ctx: AppContext): Handlers {
  const { data, blobs } = ctx;
  const files = new KilnLogFiles(blobs);
  const scopeOf = (req: Request) => facilityScope(req.auth!, data);

  /** The audit if the caller may see it (another facility's answers as none); `signed` picks proposals or signed-off audits. */
  const visibleAudit = async (req: Request, id: number, signed: boolean): Promise<AuditRow> => {
    const [audit, scope] = await Promise.all([data.audits.get(id), scopeOf(req)]);
    if (!audit || (scope && !scope.has(audit.facility_id))) throw notFound(signed ? 'No such audit.' : 'No such proposed audit.');
    if (signed && audit.signoff_ts === null) throw notFound(`Audit ${audit.id} is not signed off yet.`);
    if (!signed && audit.signoff_ts !== null) throw conflict(`Audit ${audit.id} is already signed off.`);
    return audit;
  };

  /** The audit of /audit/{id}/package or /report: one the caller may see (else 404), signed off (else 409). */
  const packagedAudit = async (req: Request): Promise<AuditRow> => {
    const id = positiveId(req.params.id, 'id');
    const [audit, scope] = await Promise.all([data.audits.get(id), scopeOf(req)]);
    if (!audit || (scope && !scope.has(audit.facility_id))) throw notFound('No such audit.');
    if (audit.signoff_ts === null)
      throw conflict(`Audit ${audit.id} is not signed off yet: only a signed-off audit has a verification package.`);
    return audit;
  };

  const proposalItem = async (audit: AuditRow): Promise<ProposedAuditItem> => {
    const [facility, people] = await Promise.all([data.facilities.get(audit.facility_id), auditPeople(data, audit)]);
    return proposedAudit(audit, facility?.name ?? '', people.proposed_by_name);
  };

  return {
    listPotentialAuditLogs: async (req, res) => {
      const kiln_type = kilnTypeParam(req.query.kiln_type);
      // one facility's burns (an audit covers one), or every facility the caller may see; another's facility is a 404
      const facilityIds =
        req.query.facility_id === undefined
          ? await scopeOf(req).then((scope) => scope && [...scope])
          : [(await reachableFacility(req.auth!, data, positiveId(req.query.facility_id, 'facility_id'))).id];
      const all = await data.audits.potentialLogs({ kiln_type, facilityIds });
      const held = await openAnomaliesOf(
        data,
        all.map((row) => row.id),
      );
      const rows = all.filter((row) => !held.has(row.id));
      const current = rows.filter((row) => analysisVersion(row.analysis) === ALGORITHM_VERSION);
      const stale = rows.filter((row) => analysisVersion(row.analysis) !== ALGORITHM_VERSION);
      const body: PotentialLogsResponse = {
        data: await auditLogs(files, current, { chart: false }),
        needs_reanalysis: await auditLogs(files, stale, { chart: false }),
        algorithm_version: ALGORITHM_VERSION,
        held_back: all
          .filter((row) => held.has(row.id))
          .map((row) => {
            const open = held.get(row.id)!;
            return {
              id: row.id,
              kiln_id: row.kiln_id,
              logts: row.logts,
              codes: [...new Set(open.map((a) => a.code))],
              anomaly_ids: open.map((a) => a.id),
              reason: heldReason(row.id, open),
            };
          }),
      };
      res.json(body);
    },

    proposeAudit: async (req, res) => {
      const jobId = typeof req.query.job_id === 'string' ? req.query.job_id.trim() : '';
      if (!jobId) throw fieldError('job_id', 'Please provide a valid job identifier.');
      const kilnType = kilnTypeParam(req.query.kiln_type);
      const book = chosenRulebook(ctx.rulebooks, req.query.methodology);
      const { analysis_ids: ids } = req.body as ProposeRequest;
      if (ids.length === 0) throw fieldError('analysis_ids', 'Please select at least one log to propose an audit.');
      const held = heldProblems(await openAnomaliesOf(data, ids));
      if (held) throw fieldError('analysis_ids', `The burns cannot be proposed: ${held}.`);
      // one facility per audit (docs/product.md#what-the-product-does): said as a 400 before any claim; the store checks again under its lock
      const { rows } = await data.kilnLogs.list(
        { archived: false, facilityIds: null },
        { ids: new Set(ids) },
        { sort: { field: 'id', order: 'ASC' }, range: [0, MAX_BURNS - 1] },
      );
      const facilities = new Map(
        rows.filter((r) => r.facility_id !== null).map((r) => [r.facility_id, r.facility_name ?? `facility ${r.facility_id}`]),
      );
      if (facilities.size > 1) {
        throw fieldError(
          'analysis_ids',
          `An audit covers one facility only: the selected logs belong to ${[...facilities.values()].sort().join(', ')}.`,
        );
      }
      await creditsToFreeze(data, book, ids, 'methodology');
      const audit = await data.audits.propose({
        methodology: book.id,
        methodology_version: book.version,
        job_id: jobId,
        kiln_type: kilnType,
        facility_id: null,
        analysis_ids: ids,
        create_ts: new Date().toISOString(),
        proposed_by: req.auth!.userId,
        algorithm_version: ALGORITHM_VERSION,
      });
      const body: ProposeResult = {
        id: audit.id,
        create_ts: audit.create_ts,
        kiln_type: audit.kiln_type,
        job_id: audit.job_id,
        proposed_by: audit.proposed_by,
        facility_id: audit.facility_id,
        analysis_ids: audit.analysis_ids,
        methodology: audit.methodology,
        methodology_version: audit.methodology_version,
      };
      res.status(201).json(body);
    },

    listAuditOptions: async (req, res) => {
      const [open, scope] = await Promise.all([data.audits.open(), scopeOf(req)]);
      const body: ProposedAuditsResponse = {
        data: await Promise.all(open.filter((a) => !scope || scope.has(a.facility_id)).map(proposalItem)),
      };
      res.json(body);
    },

    withdrawAudit: async (req, res) => {
      const audit = await visibleAudit(req, positiveId(req.params.id, 'id'), false);
      // four eyes again: only who proposed it (or a super-admin) takes a proposal back
      if (!mayWithdraw(audit, req.auth!)) throw forbidden(WITHDRAW_BY_OTHERS);
      const item = await proposalItem(audit);
      await data.transaction(async (tx) => {
        const gone = await tx.audits.withdraw(audit.id);
        await recordFacilityChange(tx, req.auth!, gone.facility_id, 'withdraw_proposal', {
          proposal: { id: gone.id, job_id: gone.job_id, analysis_ids: [...gone.analysis_ids] },
        });
      });
      res.json(item);
    },

    listAuditableLogs: async (req, res) => {
      const audit = await visibleAudit(req, positiveId(req.query.audit, 'audit'), false);
      const rows = await data.audits.logsOf(audit.id);
      const body: AuditableLogsResponse = {
        data: { logs: await auditLogs(files, rows, { chart: true }), co2_summary: facilitySummary(rows) },
      };
      res.json(body);
    },

    signOffAudit: async (req, res) => {
      await readMultipart(ctx.uploads, req, res, [STATEMENT_UPLOAD.fileField], { textFields: MAX_BURNS + 4 });
      const auditId = positiveId(formField(req, 'proposed_audit_id'), 'proposed_audit_id');
      const ids = signoffIds(req);
      // the cheap refusals before the statement is read and stored; the store checks again under its lock
      const audit = await data.audits.get(auditId);
      if (!audit) throw notFound('No such proposed audit.');
      if (audit.signoff_ts !== null) throw conflict(`Audit ${audit.id} is already signed off.`);
      // four eyes on a certification (security review Info 12); who proposed never changes, so this check needs no lock
      if (!maySignOff(audit, req.auth!.userId)) throw forbidden(SIGNOFF_BY_PROPOSER);
      const held = heldProblems(await openAnomaliesOf(data, ids));
      if (held) throw conflict(`The burns cannot be signed off: ${held}.`);
      const book = auditRulebook(ctx.rulebooks, audit);
      if (!book)
        throw conflict(
          `Audit ${audit.id} was proposed under ${audit.methodology} version ${audit.methodology_version}, which this server does not hold.`,
        );
      // refused before the statement is stored; computed again in the signoff's transaction, which freezes it
      await creditsToFreeze(data, book, ids, 'analysis_ids');
      const { content } = await checkedStatement(req, ctx.pdfChecker);

      const docKey = newDocKey(content.ext);
      const key = evidenceBlobKey(docKey);
      await blobs.put(key, content.bytes, content.mime);
      // the package is made in the signoff's transaction: its manifest is what the log's entry names
      const { totals, zip } = await commitFiles(blobs, {
        added: [key, packageKey({ id: audit.id, doc_key: docKey })],
        write: () =>
          data.transaction(async (tx) => {
            const signoffTs = new Date().toISOString();
            const credits = await creditsToFreeze(tx, book, ids, 'analysis_ids');
            const totals = await tx.audits.signoff({
              credits,
              audit_id: audit.id,
              analysis_ids: ids,
              signoff_ts: signoffTs,
              doc_key: docKey,
              doc_mime_type: content.mime,
              signed_off_by: req.auth!.userId,
              algorithm_version: ALGORITHM_VERSION,
            });
            const zip = await auditPackage({ data: tx, blobs, signer: ctx.signer, config: ctx.config }, totals.audit, async (manifest) => {
              const index = await logAct(tx.transparency, signoffEntry(totals.audit, manifest.sha256), signoffTs);
              return packageProofs(tx.transparency, { origin: ctx.config.transparencyOrigin, signer: ctx.signer }, index, manifest.burnIds);
            });
            await filePackage(tx.transparency, totals.audit.id, zip);
            return { totals, zip };
          }),
      });
      const [burns, facility, people] = await Promise.all([
        data.audits.burns(audit.id),
        data.facilities.get(audit.facility_id),
        auditPeople(data, totals.audit),
      ]);
      res.json(historyItem(totals, burns, facility?.name ?? '', people, sha256(zip)));
    },

    getAuditCredits: async (req, res) => {
      const id = positiveId(req.params.id, 'id');
      const [audit, scope] = await Promise.all([data.audits.get(id), scopeOf(req)]);
      if (!audit || (scope && !scope.has(audit.facility_id))) throw notFound('No such audit.');
      res.json(await auditCredits(data, ctx.rulebooks, audit));
    },

    listAuditHistory: async (req, res) => {
      const facility = await reachableFacility(req.auth!, data, positiveId(req.query.facility_id, 'facility_id'));
      const { from, to } = signoffRange(req.query);
      if (from && to && from > to)
        throw badRequest('from must not be after to.', { from: 'from must not be after to.', to: 'to must not be before from.' });
      const audits = await data.audits.history({ facilityIds: [facility.id], from, to });
      // the digest of each package made so far (signoff makes it; an older audit's on its first download): a list makes none
      const [burns, people, digests] = await Promise.all([
        Promise.all(audits.map((t) => data.audits.burns(t.audit.id))),
        Promise.all(audits.map((t) => auditPeople(data, t.audit))),
        Promise.all(audits.map(async (t) => keptPackage(blobs, t.audit).then((zip) => (zip ? sha256(zip) : null)))),
      ]);
      const body: AuditHistoryResponse = {
        data: audits.map((t, i) => historyItem(t, burns[i], facility.name, people[i], digests[i])),
      };
      res.json(body);
    },

    listAuditedLogs: async (req, res) => {
      const audit = await visibleAudit(req, positiveId(req.query.audit_id, 'audit_id'), true);
      const [rows, burns] = await Promise.all([data.audits.logsOf(audit.id), data.audits.burns(audit.id)]);
      const logs = await auditLogs(files, rows, { chart: true, auditJobId: audit.job_id });
      const frozen = new Map(burns.map((b) => [b.kilnlog_id, b]));
      const body: AuditedLogsResponse = {
        data: logs,
        burns: logs.flatMap((log) => {
          const b = frozen.get(log.id);
          return b
            ? [
                {
                  analysis_id: b.kilnlog_id,
                  co2_removed: b.co2_removed,
                  biochar_produced: b.biochar_produced,
                  algorithm_version: b.algorithm_version,
                },
              ]
            : [];
        }),
      };
      res.json(body);
    },

    getAuditEvidence: async (req, res) => {
      const docKey = String(req.params.doc_key);
      const [audit, scope] = await Promise.all([isDocKey(docKey) ? data.audits.withDocKey(docKey) : null, scopeOf(req)]);
      if (!audit || !audit.doc_mime_type || (scope && !scope.has(audit.facility_id))) throw notFound('No such audit evidence.');
      const ext = docKey.slice(docKey.lastIndexOf('.'));
      await sendBlob(res, blobs, { key: evidenceBlobKey(docKey), mime: audit.doc_mime_type, name: `audit-${audit.id}-statement${ext}` });
    },

    // a signed-off audit's verification package (zip), the same bytes every time
    getAuditPackage: async (req, res) => {
      const audit = await packagedAudit(req);
      const zip = await auditPackage(ctx, audit);
      res
        .attachment(packageFileName(audit))
        .type('application/zip')
        .set({ 'Content-Length': String(zip.length), 'Cache-Control': 'private, no-cache' });
      res.end(zip);
    },

    // the package's report.pdf on its own, for the console's viewer
    getAuditReport: async (req, res) => {
      const audit = await packagedAudit(req);
      const pdf = await auditReport(ctx, audit);
      res.type('application/pdf').set({
        'Content-Length': String(pdf.length),
        'Content-Disposition': inlineDisposition(reportFileName(audit)),
        'Cache-Control': 'private, no-cache',
      });
      res.end(pdf);
    },

    getCo2Summary: async (req, res) => {
      const scope = await scopeOf(req);
      const rows = await data.audits.co2Summary({ facilityIds: scope && [...scope] });
      const facilities = new Map<number, Co2SummaryResponse['data']['facilities'][number]>();
      for (const { facility_id, facility_name, ...month } of rows) {
        const entry = facilities.get(facility_id) ?? { id: facility_id, name: facility_name, data: [] };
        entry.data.push(month);
        facilities.set(facility_id, entry);
      }
      const body: Co2SummaryResponse = {
        status: 1,
        message: 'Audited and utilised CO2 and audited biochar per facility and month.',
        data: { facilities: [...facilities.values()].sort((a, b) => a.id - b.id) },
      };
      res.json(body);
    },
  };
}
