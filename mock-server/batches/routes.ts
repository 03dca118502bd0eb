import { createHash } from 'node:crypto';
import type { Request } from 'express';
import {
  END_USE_EVIDENCE_UPLOAD,
  LAB_CERTIFICATE_UPLOAD,
  type Batch,
  type BatchCreateRequest,
  type BatchEmissionsRequest,
} from '../../src/domain/api/batches';
import type { BatchCredits } from '../../src/domain/api/credits';
import { FEEDSTOCKS } from '../../src/domain/batches';
import type { AuthContext } from '../auth/authContext';
import { facilityScope } from '../auth/facilityScope';
import type { AppContext } from '../context';
import { reachableFacility } from '../facilities/access';
import { checkedImageSize } from '../files/imageCheck';
import { checkedUpload, readMultipart, uploadedFile } from '../files/multipartUpload';
import { sendBlob, storeFile } from '../files/storedFiles';
import { badRequest, notFound } from '../http/errors';
import { positiveId } from '../http/fieldErrors';
import type { Handlers } from '../http/mountOperations';
import { parseListParams, sendPage } from '../http/simpleRest';
import { commitFiles } from '../store/commit';
import type { StoreParts } from '../store/dataStore';
import { END_USE_EVIDENCE_AREA, LAB_CERTIFICATE_AREA } from '../store/fileAreas';
import type { BatchRecord } from '../store/model';
import { pageOf, sortRows } from '../store/paging';
import { endUseInput, labResultInput, newEndUse, newLabResult } from './formFields';
import { batchCredits } from './credits';
import { labSignature } from './labSignature';
import { toBatch, toEndUse, toLabResult } from './views';

const SORT_FIELDS = ['id', 'created_ts', 'first_logts', 'last_logts', 'wet_biochar_g'] as const;
const FILTER_KEYS = new Set(['id', 'facility_id', 'kiln_type', 'feedstock', 'state']);
/** a lab result's form: its fields and up to 20 methods */
const LAB_RESULT_TEXT_FIELDS = 40;

/** the evidence types an end use takes, by the extension storeFile gave its key */
const EVIDENCE_MIME: Readonly<Record<string, string>> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg' };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The batches the list filter keeps; 400 for an unknown key. */
function batchFilter(filter: Record<string, unknown>): (b: BatchRecord) => boolean {
  const unknown = Object.keys(filter).filter((k) => !FILTER_KEYS.has(k));
  if (unknown.length) throw badRequest(`Unknown filter key ${unknown.join(', ')}: use ${[...FILTER_KEYS].join(', ')}.`);
  const ids = filter.id === undefined ? null : new Set((Array.isArray(filter.id) ? filter.id : [filter.id]).map(Number));
  const equal = (field: 'facility_id' | 'kiln_type' | 'feedstock' | 'state', b: BatchRecord) =>
    filter[field] === undefined || String(b[field]) === String(filter[field]);
  if (filter.feedstock !== undefined && !(FEEDSTOCKS as readonly unknown[]).includes(filter.feedstock))
    throw badRequest(`The feedstock filter must be one of ${FEEDSTOCKS.join(', ')}.`, { feedstock: 'Unknown feedstock.' });
  return (b) => (!ids || ids.has(b.id)) && equal('facility_id', b) && equal('kiln_type', b) && equal('feedstock', b) && equal('state', b);
}

/**
 * Production batches (issue 43; docs/roles.md, "Batches, lab results and
 * laboratories"): listed and read in the caller's facility scope (another
 * facility's batch is a 404 for a facility admin), made of burns the store
 * locks, closed, given lab results with their certificates, end uses with
 * their evidence, and project emissions. Every rule of src/domain/batches is
 * a 400 naming the field, with nothing stored: a file is written only once
 * the fields passed, and removed again when the store refuses (commitFiles).
 */
export function batchHandlers(ctx: AppContext): Handlers {
  const { data, blobs } = ctx;

  /** The batch the caller may reach; 404 for any other. */
  const reachableBatch = async (tx: Pick<StoreParts, 'batches' | 'facilities'>, auth: AuthContext, req: Request): Promise<BatchRecord> => {
    const [batch, scope] = await Promise.all([tx.batches.get(positiveId(req.params.id, 'id')), facilityScope(auth, tx)]);
    if (!batch || (scope && !scope.has(batch.facility_id))) throw notFound('No such batch.');
    return batch;
  };

  return {
    listBatches: async (req, res) => {
      const params = parseListParams(req.query, SORT_FIELDS, { field: 'id', order: 'DESC' });
      const keep = batchFilter(params.filter);
      const scope = await facilityScope(req.auth!, data);
      const rows = (await data.batches.list({ facilityIds: scope && [...scope] })).filter(keep);
      const sorted = sortRows(rows, (b) => b[params.sort.field], params.sort.order);
      const page = pageOf(sorted, params.range);
      sendPage(res, { ...page, rows: page.rows.map(toBatch) }, 'batches');
    },

    getBatch: async (req, res) => {
      res.json(toBatch(await reachableBatch(data, req.auth!, req)));
    },

    getBatchCredits: async (req, res) => {
      const batch = await reachableBatch(data, req.auth!, req);
      const body: BatchCredits = await batchCredits(data, ctx.rulebooks, batch);
      res.json(body);
    },

    createBatch: async (req, res) => {
      const auth = req.auth!;
      const body = req.body as BatchCreateRequest;
      // another facility's is a 404 for a facility admin, as for its other records
      await reachableFacility(auth, data, body.facility_id);
      const batch = await data.batches.create({
        label: body.label,
        facility_id: body.facility_id,
        kiln_type: body.kiln_type,
        feedstock: body.feedstock,
        feedstock_note: body.feedstock_note ?? null,
        analysis_ids: body.analysis_ids,
        created_by: auth.userId,
        created_ts: new Date().toISOString(),
      });
      const answer: Batch = toBatch(batch);
      res.status(201).json(answer);
    },

    closeBatch: async (req, res) => {
      const auth = req.auth!;
      const closed = await data.transaction(async (tx) => {
        const batch = await reachableBatch(tx, auth, req);
        const done = await tx.batches.close(batch.id);
        if (!done) throw notFound('No such batch.');
        return done;
      });
      res.json(toBatch(closed));
    },

    setBatchEmissions: async (req, res) => {
      const auth = req.auth!;
      const body = req.body as BatchEmissionsRequest;
      const updated = await data.transaction(async (tx) => {
        const batch = await reachableBatch(tx, auth, req);
        const done = await tx.batches.setEmissions(batch.id, {
          methane_g_per_kg: body.methane_g_per_kg ?? null,
          methane_method: body.methane_method ?? null,
          // evidence files of the emissions are not taken through the API yet: none is named
          methane_evidence_sha256: null,
          other_co2e_g: body.other_co2e_g ?? null,
          other_note: body.other_note ?? null,
          other_evidence_sha256: null,
        });
        if (!done) throw notFound('No such batch.');
        return done;
      });
      res.json(toBatch(updated));
    },

    listLabResults: async (req, res) => {
      const batch = await reachableBatch(data, req.auth!, req);
      res.json((await data.batches.labResults(batch.id)).map(toLabResult));
    },

    getLabResultCertificate: async (req, res) => {
      const batch = await reachableBatch(data, req.auth!, req);
      const rid = positiveId(req.params.rid, 'rid');
      const result = (await data.batches.labResults(batch.id)).find((r) => r.id === rid);
      if (!result) throw notFound('No such lab result of this batch.');
      await sendBlob(res, blobs, { key: result.certificate_key, mime: 'application/pdf', name: `lab-result-${result.id}.pdf` });
    },

    addLabResult: async (req, res) => {
      const auth = req.auth!;
      await readMultipart(ctx.uploads, req, res, [LAB_CERTIFICATE_UPLOAD.fileField], { textFields: LAB_RESULT_TEXT_FIELDS });
      const batch = await reachableBatch(data, auth, req);
      const file = uploadedFile(req, LAB_CERTIFICATE_UPLOAD.fileField);
      const now = new Date().toISOString();
      const input = labResultInput(req, sha256(file.buffer));
      // the fields first (the cheap refusals), then the certificate's content, then the lab's signature
      newLabResult(input, {
        batch_id: batch.id,
        certificate_key: '',
        lab_signed: false,
        certificate_signature: null,
        recorded_by: auth.userId,
        recorded_ts: now,
      });
      const content = await checkedUpload(file, LAB_CERTIFICATE_UPLOAD.fileField, LAB_CERTIFICATE_UPLOAD.mimeTypes);
      await ctx.pdfChecker.check(content.bytes, LAB_CERTIFICATE_UPLOAD.fileField);
      const labSigned = await labSignature(data, input.lab_id as number, content.bytes, req.body?.[LAB_CERTIFICATE_UPLOAD.signatureField]);
      const stored = await storeFile(blobs, LAB_CERTIFICATE_AREA, content, auth.userId, now);
      const result = await commitFiles(blobs, {
        added: [stored.key],
        write: () =>
          data.batches.addLabResult(
            newLabResult(input, {
              batch_id: batch.id,
              certificate_key: stored.key,
              lab_signed: labSigned,
              // kept so an audit's package lets a verifier check it against the lab's key
              certificate_signature: labSigned ? String(req.body[LAB_CERTIFICATE_UPLOAD.signatureField]).trim() : null,
              recorded_by: auth.userId,
              recorded_ts: now,
            }),
          ),
      });
      res.status(201).json(toLabResult(result));
    },

    listEndUses: async (req, res) => {
      const batch = await reachableBatch(data, req.auth!, req);
      res.json((await data.batches.endUses(batch.id)).map(toEndUse));
    },

    getEndUseEvidence: async (req, res) => {
      const batch = await reachableBatch(data, req.auth!, req);
      const eid = positiveId(req.params.eid, 'eid');
      const endUse = (await data.batches.endUses(batch.id)).find((e) => e.id === eid);
      if (!endUse) throw notFound('No such end use of this batch.');
      // the key's extension is the type the content showed at upload (storeFile)
      const ext = endUse.evidence_key.slice(endUse.evidence_key.lastIndexOf('.') + 1);
      const mime = EVIDENCE_MIME[ext] ?? 'application/octet-stream';
      await sendBlob(res, blobs, { key: endUse.evidence_key, mime, name: `end-use-${endUse.id}.${ext}` });
    },

    addEndUse: async (req, res) => {
      const auth = req.auth!;
      await readMultipart(ctx.uploads, req, res, [END_USE_EVIDENCE_UPLOAD.fileField]);
      const batch = await reachableBatch(data, auth, req);
      const file = uploadedFile(req, END_USE_EVIDENCE_UPLOAD.fileField);
      const now = new Date().toISOString();
      const input = endUseInput(req, sha256(file.buffer));
      const fixed = { batch_id: batch.id, recorded_by: auth.userId, recorded_ts: now };
      newEndUse(input, { ...fixed, evidence_key: '' });
      // a delivery note (PDF) or a photo, believed from its content alone
      const content = await checkedUpload(file, END_USE_EVIDENCE_UPLOAD.fileField, END_USE_EVIDENCE_UPLOAD.mimeTypes);
      if (content.mime === 'application/pdf') await ctx.pdfChecker.check(content.bytes, END_USE_EVIDENCE_UPLOAD.fileField);
      else await checkedImageSize(content.bytes, END_USE_EVIDENCE_UPLOAD.fileField);
      const stored = await storeFile(blobs, END_USE_EVIDENCE_AREA, content, auth.userId, now);
      // the store sums the batch's end uses under its lock: beyond its char, a 400 on dry_g, and the file goes again
      const endUse = await commitFiles(blobs, {
        added: [stored.key],
        write: () => data.batches.addEndUse(newEndUse(input, { ...fixed, evidence_key: stored.key })),
      });
      res.status(201).json(toEndUse(endUse));
    },
  };
}
