import type { ErrorRequestHandler, RequestHandler } from 'express';

/** An error whose status and message are safe to show to the client. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** headers the answer carries, e.g. Retry-After */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const forbidden = (message = 'You are not allowed to do this.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

export const apiNotFound: RequestHandler = (_req, _res, next) => next(notFound('No such API call.'));

interface StatusError {
  status?: number;
  statusCode?: number;
  type?: string;
  message?: string;
  code?: string;
  errors?: { path?: string; message?: string }[];
}

/** Answers every error as JSON {message}; never a stack trace. */
export const errorHandler: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
  const e = (err ?? {}) as StatusError;
  let status = e.status ?? e.statusCode ?? 500;
  let message: string;
  if (err instanceof HttpError) {
    message = err.message;
    if (!res.headersSent) res.set(err.headers);
  } else if (e.type === 'entity.too.large' || e.code === 'LIMIT_FILE_SIZE') {
    status = 413;
    message = 'The request is too large.';
  } else if (e.type === 'entity.parse.failed') {
    status = 400;
    message = 'The request body is not valid JSON.';
  } else if (Array.isArray(e.errors) && e.errors.length > 0 && status < 500) {
    // express-openapi-validator: name the offending fields
    message = e.errors
      .map((x) => `${(x.path ?? '').replace(/^\/(body|query|params|headers)\/?/, '') || 'request'} ${x.message ?? 'is invalid'}`.trim())
      .join('; ');
  } else if (status < 500 && e.message) {
    message = e.message;
  } else {
    status = 500;
    message = 'Internal server error.';
    console.error(err);
  }
  if (!res.headersSent) res.status(status).json({ message });
};
