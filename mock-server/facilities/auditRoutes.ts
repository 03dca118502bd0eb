import express from 'express';
import { AUDIT_UPLOAD, type FacilityAuditUploadResponse } from '../../src/domain/api/configure';
import { requireRule } from '../auth/middleware';
import type { AppContext } from '../context';
import { BlobStore } from '../files/blobStore';
import { checkedImageSize } from '../files/imageCheck';
import { checkedUpload, formField, readMultipart, uploadedFile } from '../files/multipartUpload';
import { assertPlainPdf } from '../files/pdfCheck';
import { commitWithFiles, sendStoredFile, storeFile } from '../files/storedFiles';
import { badRequest, notFound } from '../http/errors';
import { positiveId } from '../http/fieldErrors';
import { reachableFacility } from './access';
import { AUDIT_AREA } from './fileAreas';

type StatementType = (typeof AUDIT_UPLOAD.extensions)[number];

const MIME_OF: Record<StatementType, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', pdf: 'application/pdf' };

/** The client's file_type as an extension: png, jpg, jpeg or pdf, given as an extension or a MIME type. */
function statementType(value: string | undefined): StatementType {
  const text = (value ?? '').toLowerCase().replace(/^\./, '');
  const fromMime = text === 'image/jpg' ? 'jpg' : Object.entries(MIME_OF).find(([, mime]) => mime === text)?.[0];
  const type = fromMime ?? text;
  if (!(AUDIT_UPLOAD.extensions as readonly string[]).includes(type)) {
    throw badRequest(`${AUDIT_UPLOAD.fileTypeField} must be one of ${AUDIT_UPLOAD.extensions.join(', ')}.`);
  }
  return type as StatementType;
}

/**
 * Facility audit statements (spec §3 "Audit upload"): one PNG, JPEG or PDF
 * file a time, checked by its content; the newest becomes the facility's
 * latest_facility_audit_id, older ones stay readable by id.
 */
export function facilityAuditRoutes(ctx: AppContext): express.Router {
  const router = express.Router();
  const { store } = ctx;
  const blobs = new BlobStore(store.filesDir);

  router.post('/facility/:id/upload_audit', requireRule('update', 'facility'), async (req, res, next) => {
    try {
      const auth = req.auth!;
      const facility = reachableFacility(auth, store.data.facilities, positiveId(req.params.id, 'id'));
      await readMultipart(req, res, [AUDIT_UPLOAD.fileField]);
      const file = uploadedFile(req, AUDIT_UPLOAD.fileField);
      const fileType = statementType(formField(req, AUDIT_UPLOAD.fileTypeField));
      const content = await checkedUpload(file, AUDIT_UPLOAD.fileField, AUDIT_UPLOAD.mimeTypes);
      if (MIME_OF[fileType] !== content.mime) {
        throw badRequest(`${AUDIT_UPLOAD.fileTypeField} ${fileType} does not match the file's content (${content.mime}).`);
      }
      if (content.mime === 'application/pdf') await assertPlainPdf(content.bytes, AUDIT_UPLOAD.fileField);
      else await checkedImageSize(content.bytes, AUDIT_UPLOAD.fileField);

      const now = new Date().toISOString();
      const record = {
        id: store.nextId('facility_audits'),
        facility_id: facility.id,
        file_type: fileType,
        file: storeFile(blobs, AUDIT_AREA, content, auth.userId, now),
      };
      store.data.facility_audits.push(record);
      facility.latest_facility_audit_id = record.id;
      facility.last_updated = now;
      commitWithFiles(store, blobs, [record.file]);
      const body: FacilityAuditUploadResponse = { status: 1, id: record.id };
      res.json(body);
    } catch (err) {
      next(err);
    }
  });

  /** The latest statement, or the one named by ?id= (it must belong to this facility). */
  router.get('/facility/:id/audit', requireRule('read', 'facility'), async (req, res, next) => {
    try {
      const facility = reachableFacility(req.auth!, store.data.facilities, positiveId(req.params.id, 'id'));
      const auditId = req.query.id === undefined ? facility.latest_facility_audit_id : positiveId(req.query.id, 'id');
      const audit = store.data.facility_audits.find((a) => a.id === auditId && a.facility_id === facility.id);
      if (!audit) throw notFound('This facility has no such audit statement.');
      await sendStoredFile(res, blobs, audit.file);
    } catch (err) {
      next(err);
    }
  });

  return router;
}
