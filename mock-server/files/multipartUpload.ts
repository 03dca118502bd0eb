import type { Request, Response } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import multer from 'multer';
import { MAX_UPLOAD_BYTES } from '../../src/domain/api/configure';
import { badRequest, fieldError, HttpError } from '../http/errors';
import { refuseControlCharacters } from '../http/plainText';
import { displayFileName } from './fileNames';
import type { CheckedContent } from './storedFiles';

/** At most two files a request (a photo and its thumbnail) and, unless told, a handful of small text fields. */
const LIMITS = { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 10, fieldSize: 16 * 1024 };

/**
 * The 413 for the limit multer hit, saying that limit (Info 10 of the
 * 2026-11-25 review: too many fields were answered with the file limit).
 */
function tooLarge(err: multer.MulterError, limits: { files: number; fields: number; parts: number }): HttpError | null {
  const mb = MAX_UPLOAD_BYTES / (1024 * 1024);
  switch (err.code) {
    case 'LIMIT_FILE_SIZE':
      return new HttpError(413, `${err.field ?? 'A file'} is larger than ${mb} MB; each file of an upload may be at most ${mb} MB.`);
    case 'LIMIT_FILE_COUNT':
      return new HttpError(413, `An upload may carry at most ${limits.files} file${limits.files === 1 ? '' : 's'}.`);
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_PART_COUNT':
      return new HttpError(413, `An upload may carry at most ${limits.fields} text fields.`);
    case 'LIMIT_FIELD_VALUE':
      return new HttpError(413, `The text field ${err.field ?? ''} is longer than ${LIMITS.fieldSize / 1024} KB.`);
    default:
      return null;
  }
}

/**
 * Multipart uploads received at once. Each is held in memory until it is
 * answered (up to two files of MAX_UPLOAD_BYTES), so a cap bounds that
 * memory: beyond it an upload waits, its body unread, and beyond the queue
 * it is answered 503 with Retry-After at once (L5 of the 2026-11-25 review;
 * docs/decisions.md says why a cap rather than temporary files).
 */
export class UploadGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  /** Holds a slot until the answer is sent or the connection closes; 503 when none is free and the queue is full. */
  async enter(res: Response): Promise<void> {
    if (this.active < this.concurrency) {
      this.active += 1;
    } else {
      if (this.waiting.length >= this.queue) {
        throw new HttpError(503, 'The server is receiving as many uploads as it takes at once. Try again in a moment.', {
          'Retry-After': '5',
        });
      }
      // the slot is handed over by the upload that frees it; a client leaving meanwhile leaves the queue
      const handed = await new Promise<boolean>((resolve) => {
        const take = () => {
          res.off('close', leave);
          resolve(true);
        };
        const leave = () => {
          this.waiting.splice(this.waiting.indexOf(take), 1);
          resolve(false);
        };
        this.waiting.push(take);
        res.once('close', leave);
      });
      if (!handed) return;
    }
    res.once('close', () => {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    });
  }
}

/**
 * Parses a multipart body into memory (multer runs here, after the OpenAPI
 * check, which does not read files) accepting at most one file in each named
 * field and `textFields` text fields (default 10; a signoff repeats one per
 * burn), once the gate has a slot; limits answer 413, any other malformed
 * body 400.
 */
export async function readMultipart(
  gate: UploadGate,
  req: Request,
  res: Response,
  fields: readonly string[],
  { textFields = LIMITS.fields }: { textFields?: number } = {},
): Promise<void> {
  await gate.enter(res);
  const limits = { ...LIMITS, fields: textFields, parts: textFields + LIMITS.files };
  const parse = multer({ storage: multer.memoryStorage(), limits, defParamCharset: 'utf8' }).fields(
    fields.map((name) => ({ name, maxCount: 1 })),
  );
  const expected = fields.map((f) => `'${f}'`).join(' and ');
  return new Promise((resolve, reject) => {
    parse(req, res, (err?: unknown) => {
      if (!err) {
        // the text fields, which the OpenAPI check and http/plainText.ts could not see before now
        try {
          refuseControlCharacters(req.body);
        } catch (refusal) {
          return reject(refusal);
        }
        return resolve();
      }
      if (err instanceof multer.MulterError) {
        const limit = tooLarge(err, limits);
        if (limit) return reject(limit);
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
