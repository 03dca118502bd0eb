import { STATEMENT_UPLOAD, type FacilityStatementUploadResponse } from '../../src/domain/api/configure';
import type { AppContext } from '../context';
import type { Handlers } from '../http/mountOperations';
import { readMultipart } from '../files/multipartUpload';
import { checkedStatement } from '../files/statementFile';
import { sendStoredFile, storeFile } from '../files/storedFiles';
import { notFound } from '../http/errors';
import { positiveId } from '../http/fieldErrors';
import { commitFiles } from '../store/commit';
import { reachableFacility } from './access';
import { STATEMENT_AREA } from '../store/fileAreas';

/**
 * A facility's statements, the spec's facility audit files (docs/product.md#audit-upload; "statement" here, so they are not mistaken for audits of burns): one PNG, JPEG or PDF
 * file a time, checked by its content; the newest becomes the facility's
 * latest_facility_audit_id, older ones stay readable by id.
 */
export function facilityStatementHandlers(ctx: AppContext): Handlers {
  const { data, blobs } = ctx;

  return {
    uploadFacilityStatement: async (req, res) => {
      const auth = req.auth!;
      const facility = await reachableFacility(auth, data, positiveId(req.params.id, 'id'));
      await readMultipart(ctx.uploads, req, res, [STATEMENT_UPLOAD.fileField]);
      const { content, fileType } = await checkedStatement(req, ctx.pdfChecker);

      const now = new Date().toISOString();
      const stored = await storeFile(blobs, STATEMENT_AREA, content, auth.userId, now);
      const record = await commitFiles(blobs, {
        added: [stored.key],
        // the statement becomes the facility's latest in the same write
        write: () => data.facilities.addStatement({ facility_id: facility.id, file_type: fileType, file: stored }, now),
      });
      const body: FacilityStatementUploadResponse = { status: 1, id: record.id };
      res.json(body);
    },

    /** The latest statement, or the one named by ?id= (it must belong to this facility). */
    getFacilityStatement: async (req, res) => {
      const facility = await reachableFacility(req.auth!, data, positiveId(req.params.id, 'id'));
      const statement = await data.facilities.statement(facility.id, req.query.id === undefined ? null : positiveId(req.query.id, 'id'));
      if (!statement) throw notFound('This facility has no such audit statement.');
      await sendStoredFile(res, blobs, statement.file);
    },
  };
}
