import type { Request, Response } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import multer from 'multer';
import { MAX_UPLOAD_BYTES } from '../../src/domain/api/configure';
import { badRequest, fieldError, HttpError } from '../http/errors';
import { displayFileName } from './fileNames';
import type { CheckedContent } from './storedFiles';

/** At most two files a request (a photo and its thumbnail) and, unless told, a handful of small text fields. */
const LIMITS = { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 10, fieldSize: 16 * 1024 };
const TOO_LARGE_CODES = new Set(['LIMIT_FILE_SIZE', 'LIMIT_FILE_COUNT', 'LIMIT_PART_COUNT', 'LIMIT_FIELD_COUNT', 'LIMIT_FIELD_VALUE']);

const tooLarge = () =>
  new HttpError(413, `An upload may carry at most ${LIMITS.files} files of ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB each.`);

/**
 * Parses a multipart body into memory (multer runs here, after the OpenAPI
 * check, which does not read files) accepting at most one file in each named
 * field and `textFields` text fields (default 10; a signoff repeats one per
 * burn); limits answer 413, any other malformed body 400.
 */
export function readMultipart(req: Request, res: Response, fields: readonly string[], { textFields = LIMITS.fields }: { textFields?: number } = {}): Promise<void> {
  const limits = { ...LIMITS, fields: textFields, parts: textFields + LIMITS.files };
  const parse = multer({ storage: multer.memoryStorage(), limits, defParamCharset: 'utf8' }).fields(
    fields.map((name) => ({ name, maxCount: 1 })),
  );
  const expected = fields.map((f) => `'${f}'`).join(' and ');
  return new Promise((resolve, reject) => {
    parse(req, res, (err?: unknown) => {
      if (!err) return resolve();
      if (err instanceof multer.MulterError) {
        if (TOO_LARGE_CODES.has(err.code)) return reject(tooLarge());
        return reject(badRequest(`Send exactly one file in ${expected} (${err.message}${err.field ? `: ${err.field}` : ''}).`));
      }
      reject(badRequest('The multipart body could not be read.'));
    });
  });
}

/** The one file sent in `field`; 400 naming the field when there is none or it is empty. */
export function uploadedFile(req: Request, field: string): Express.Multer.File {
  const files = req.files;
  const file = files && !Array.isArray(files) ? files[field]?.[0] : undefined;
  if (!file || file.size === 0) throw fieldError(field, `${field} is required: send one non-empty file.`);
  return file;
}

/** A text field of the multipart body, trimmed; undefined when absent. */
export function formField(req: Request, field: string): string | undefined {
  const value: unknown = req.body?.[field];
  return typeof value === 'string' ? value.trim() : undefined;
}

/**
 * The uploaded file with its real type from its magic bytes, whatever its
 * name or the client's Content-Type say; 400 naming the field unless the
 * type is allowed.
 */
export async function checkedUpload(file: Express.Multer.File, field: string, allowed: readonly string[]): Promise<CheckedContent> {
  const detected = await fileTypeFromBuffer(file.buffer);
  if (!detected || !allowed.includes(detected.mime)) {
    throw fieldError(field, `${field} must be one of ${allowed.join(', ')} (the content is ${detected?.mime ?? 'not a recognised type'}).`);
  }
  return { bytes: file.buffer, mime: detected.mime, ext: detected.ext, originalName: displayFileName(file.originalname) };
}
