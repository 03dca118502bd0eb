import type { Request } from 'express';
import { STATEMENT_UPLOAD } from '../../src/domain/api/configure';
import { fieldError } from '../http/errors';
import { checkedImageSize } from './imageCheck';
import { checkedUpload, formField, uploadedFile } from './multipartUpload';
import type { PdfChecker } from './pdfChecker';
import type { CheckedContent } from './storedFiles';

/**
 * A signed statement sent as `file` with its `file_type` (docs/product.md#audit-upload; a facility's statement and an audit's signoff evidence alike):
 * png, jpg, jpeg or pdf, believed only when the content's magic bytes agree;
 * a PDF must hold no active content and open within the PDF check's bounds
 * (pdfChecker.ts), an image must decode whole.
 */

export type StatementType = (typeof STATEMENT_UPLOAD.extensions)[number];

const isStatementType = (text: string): text is StatementType => (STATEMENT_UPLOAD.extensions as readonly string[]).includes(text);

const MIME_OF: Record<StatementType, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', pdf: 'application/pdf' };

/** The client's file_type as an extension: png, jpg, jpeg or pdf, given as an extension or a MIME type. */
function statementType(value: string | undefined): StatementType {
  const text = (value ?? '').toLowerCase().replace(/^\./, '');
  const fromMime = text === 'image/jpg' ? 'jpg' : Object.entries(MIME_OF).find(([, mime]) => mime === text)?.[0];
  const type = fromMime ?? text;
  if (!isStatementType(type)) {
    throw fieldError(
      STATEMENT_UPLOAD.fileTypeField,
      `${STATEMENT_UPLOAD.fileTypeField} must be one of ${STATEMENT_UPLOAD.extensions.join(', ')}.`,
    );
  }
  return type;
}

/** The statement of a parsed multipart request, checked; 400 naming the field otherwise. */
export async function checkedStatement(
  req: Request,
  pdfChecker: PdfChecker,
): Promise<{ content: CheckedContent; fileType: StatementType }> {
  const file = uploadedFile(req, STATEMENT_UPLOAD.fileField);
  const fileType = statementType(formField(req, STATEMENT_UPLOAD.fileTypeField));
  const content = await checkedUpload(file, STATEMENT_UPLOAD.fileField, STATEMENT_UPLOAD.mimeTypes);
  if (MIME_OF[fileType] !== content.mime) {
    throw fieldError(
      STATEMENT_UPLOAD.fileTypeField,
      `${STATEMENT_UPLOAD.fileTypeField} ${fileType} does not match the file's content (${content.mime}).`,
    );
  }
  if (content.mime === 'application/pdf') await pdfChecker.check(content.bytes, STATEMENT_UPLOAD.fileField);
  else await checkedImageSize(content.bytes, STATEMENT_UPLOAD.fileField);
  return { content, fileType };
}
