import type { ErrorRequestHandler, RequestHandler } from 'express';
import { StoreRefusal, type FieldReasons, type RefusalKind } from '../store/errors';
import { textFormatReason } from './textFormats';

export type { FieldReasons };

/** An error whose status and message are safe to show to the client. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** headers the answer carries, e.g. Retry-After */
    readonly headers: Record<string, string> = {},
    /** the fields at fault, answered as `errors` beside `message` (react-admin puts each on its input) */
    readonly errors?: FieldReasons,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: FieldReasons) => new HttpError(400, message, {}, errors);
/** A 400 about one field: its reason is also the message. */
export const fieldError = (field: string, reason: string) => badRequest(reason, { [field]: reason });
export const forbidden = (message = 'You are not allowed to do this.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/**
 * The one place a store refusal becomes an HTTP status. A conflict that names its field (a
 * username taken) is the caller's input, a 400 on that field as the form shows it.
 */
const STATUS_OF_REFUSAL: Record<RefusalKind, number> = { invalid: 400, missing: 404, conflict: 409 };
export const statusOfRefusal = (refusal: StoreRefusal): number =>
  refusal.kind === 'conflict' && refusal.errors && Object.keys(refusal.errors).length > 0 ? 400 : STATUS_OF_REFUSAL[refusal.kind];

export const apiNotFound: RequestHandler = (_req, _res, next) => next(notFound('No such API call.'));

interface StatusError {
  status?: number;
  statusCode?: number;
  type?: string;
  message?: string;
  code?: string;
  errors?: { path?: string; message?: string }[];
}

/**
 * SQLSTATEs of a value PostgreSQL cannot take (a number beyond its column, a
 * NUL or text it cannot encode, a date beyond its range): the caller's input,
 * so a 400, should one pass the request checks (http/plainText.ts, fieldErrors.ts).
 */
const VALUE_SQLSTATES = new Set(['22003', '22021', '22P05', '22P02', '22007', '22008']);

/** The validator's path of a request part (`/body/config/cgo1/wicf`) as a field path (`config.cgo1.wicf`). */
function fieldPath(path: string | undefined): string {
  return (
    (path ?? '')
      .replace(/^\/(body|query|params|headers)\/?/, '')
      .split('/')
      .filter(Boolean)
      .join('.') || 'request'
  );
}

/**
 * Answers every error as JSON `{message}`, a 400 about fields (or a 403 about
 * fields the caller may not set) also with `errors: {<field path>: <reason>}`
 * (mock-server/openapi.yaml, Error); never a stack trace.
 */
export const errorHandler: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
  const e = (err ?? {}) as StatusError;
  let status = e.status ?? e.statusCode ?? 500;
  let message: string;
  let errors: FieldReasons | undefined;
  if (err instanceof HttpError) {
    message = err.message;
    errors = err.errors;
    if (!res.headersSent) res.set(err.headers);
  } else if (err instanceof StoreRefusal) {
    status = statusOfRefusal(err);
    message = err.message;
    errors = err.errors;
  } else if (e.type === 'entity.too.large' || e.code === 'LIMIT_FILE_SIZE') {
    status = 413;
    message = 'The request is too large.';
  } else if (err instanceof Error && typeof e.code === 'string' && VALUE_SQLSTATES.has(e.code)) {
    status = 400;
    message = 'A value of the request is out of range, or holds a character the store cannot keep.';
    console.warn(`400, a value the database refused: ${e.code} ${err.message}`);
  } else if (e.type === 'entity.parse.failed') {
    status = 400;
    message = 'The request body is not valid JSON.';
  } else if (Array.isArray(e.errors) && e.errors.length > 0 && status < 500) {
    // express-openapi-validator: name the offending fields
    const reasons = e.errors.map((x) => ({
      field: fieldPath(x.path),
      reason: textFormatReason(fieldPath(x.path), x.message) ?? `${fieldPath(x.path)} ${x.message ?? 'is invalid'}`.trim(),
    }));
    message = reasons.map((r) => r.reason).join('; ');
    errors = Object.fromEntries(reasons.map((r) => [r.field, r.reason]));
  } else if (status < 500 && e.message) {
    message = e.message;
  } else {
    status = 500;
    message = 'Internal server error.';
    console.error(err);
  }
  if (!res.headersSent) res.status(status).json(errors && (status === 400 || status === 403) ? { message, errors } : { message });
};
