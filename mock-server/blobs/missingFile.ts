import { HttpError } from '../http/errors';

/**
 * A record names a file that storage no longer has: the server's loss, not
 * the client's mistake, so a 500 that says so (never a 404, which would read
 * as "there is none", nor an empty download), and a loud line in the log.
 * The start-up sweep reports every such record too.
 */
export function missingFile(key: string, owner: string): HttpError {
  console.error(`FILE MISSING: ${owner} names ${key}, which is not in file storage; restore it from a backup.`);
  return new HttpError(500, `The stored file of ${owner} is missing from file storage; an administrator must restore it from a backup.`);
}
