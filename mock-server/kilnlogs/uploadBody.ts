import express, { type RequestHandler } from 'express';
import multer from 'multer';
import { MAX_KILNLOG_BYTES } from '../../src/domain/api/kilnLogs';
import { badRequest, HttpError } from '../http/errors';

export interface UploadedLog {
  bytes: Buffer;
  /** the client's file name, when the body was multipart */
  fileName: string | null;
}

const tooLarge = () => new HttpError(413, `A kiln log may be at most ${MAX_KILNLOG_BYTES / (1024 * 1024)} MB.`);

const multipart = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_KILNLOG_BYTES, files: 1, fields: 10, fieldSize: 16 * 1024 },
  defParamCharset: 'utf8',
}).single('file');
const csvBody = express.raw({ type: 'text/csv', limit: MAX_KILNLOG_BYTES });

/**
 * Reads the upload, multipart field `file` or a text/csv body, as raw bytes
 * (never decoded, so the stored file is the uploaded one byte for byte), and
 * turns multer's and body-parser's errors into 400/413 answers.
 */
export const readUploadBody: RequestHandler = (req, res, next) => {
  const parser = req.is('multipart/form-data') ? multipart : csvBody;
  parser(req, res, (err?: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError) {
      return next(err.code === 'LIMIT_FILE_SIZE' ? tooLarge() : badRequest(`Send the log in the multipart field 'file' (${err.message}).`));
    }
    const { type, status } = err as { type?: string; status?: number };
    if (type === 'entity.too.large') return next(tooLarge());
    if (err instanceof HttpError || (status !== undefined && status < 500)) return next(err);
    // a body that ends early or is not multipart after all
    next(badRequest('The upload body could not be read.'));
  });
};

/** The uploaded bytes; 400 when a multipart body carries no `file`. */
export function uploadedLog(req: express.Request): UploadedLog {
  if (req.file) return { bytes: req.file.buffer, fileName: req.file.originalname || null };
  if (Buffer.isBuffer(req.body)) return { bytes: req.body, fileName: null };
  if (req.is('multipart/form-data')) throw badRequest("Send the log in the multipart field 'file'.");
  // a text/csv request with no body at all: an empty file, stored as an error like any other
  return { bytes: Buffer.alloc(0), fileName: null };
}
