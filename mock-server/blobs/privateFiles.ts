import fs from 'node:fs';

/**
 * db.json holds password hashes and the uploads are facilities' documents:
 * only the server's own user may read them (docs/security.md, "Stored files").
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Creates the directory (and missing parents) readable by the owner only, and narrows it if it already existed wider. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if ((fs.statSync(dir).mode & 0o777) !== PRIVATE_DIR_MODE) fs.chmodSync(dir, PRIVATE_DIR_MODE);
}
