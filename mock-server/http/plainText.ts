import type { Request, RequestHandler } from 'express';
import { controlCharacterReason, hasControlCharacters } from '../../src/domain/validation';
import { fieldError, notFound } from './errors';

/**
 * The path (`config.cgo1.name`, `analysis_ids.2`) of the first string in a
 * value, or key of one of its objects, that holds a control character other
 * than tab and line breaks; undefined when there is none. Walked with a stack,
 * not recursion: a body may be thousands of levels deep.
 */
export function controlCharacterPath(value: unknown, root: string): string | undefined {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (hasControlCharacters(item)) return path;
    } else if (Array.isArray(item)) {
      item.forEach((child, i) => stack.push([child, join(path, String(i))]));
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        if (hasControlCharacters(key)) return path || 'request';
        stack.push([child, join(path, key)]);
      }
    }
  }
  return undefined;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** A 400 naming the field when a value holds a control character (login, multipart fields, list filters use it directly). */
export function refuseControlCharacters(value: unknown, root = ''): void {
  const path = controlCharacterPath(value, root);
  if (path !== undefined) throw fieldError(path, controlCharacterReason(path));
}

interface ValidatedRequest extends Request {
  openapi?: { pathParams?: Record<string, unknown> };
}

/**
 * Every operation's text input, before its handler: the query string and a
 * JSON body may hold no control character but tab and line breaks (400 naming
 * the field); a path parameter holding one is a 404. Mounted once after the validator, so it holds for every route of
 * openapi.yaml; multipart fields are checked where they are parsed
 * (files/multipartUpload.ts), list filters where their JSON is read
 * (http/simpleRest.ts), the login after its throttle (auth/routes.ts).
 */
export const plainTextInput: RequestHandler = (req: ValidatedRequest, _res, next) => {
  // a path with one names no record: a 404, as for any other name of none
  if (controlCharacterPath(req.openapi?.pathParams ?? {}, '') !== undefined) throw notFound();
  refuseControlCharacters(req.query);
  // a JSON body, parsed by now; a multipart or raw body is not read yet
  if (!Buffer.isBuffer(req.body)) refuseControlCharacters(req.body);
  next();
};
