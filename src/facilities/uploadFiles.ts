/** Which chosen files the two facility uploads take (docs/product.md#upload-validation: one image; one png, jpg, jpeg or pdf). */
import { AUDIT_UPLOAD, MAX_UPLOAD_BYTES, PHOTO_UPLOAD } from '../domain/api/configure';

export type AuditFileType = (typeof AUDIT_UPLOAD.extensions)[number];

/** A photo the server takes: PNG or JPEG by its type. */
export function isPhotoFile(file: Pick<File, 'type'>): boolean {
  return (PHOTO_UPLOAD.mimeTypes as readonly string[]).includes(file.type.toLowerCase());
}

/** The audit upload's file_type for a file name (its extension), or null when the upload does not take it. */
export function auditFileType(fileName: string): AuditFileType | null {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return (AUDIT_UPLOAD.extensions as readonly string[]).includes(extension) ? (extension as AuditFileType) : null;
}

/** The accept attribute of each file input. */
export const PHOTO_ACCEPT = PHOTO_UPLOAD.mimeTypes.join(',');
export const AUDIT_ACCEPT = [...AUDIT_UPLOAD.extensions.map((ext) => `.${ext}`), ...AUDIT_UPLOAD.mimeTypes].join(',');

/** The server refuses a file above 20 MB (413): said when it is chosen, never sent. */
export function isTooLarge(file: Pick<File, 'size'>): boolean {
  return file.size > MAX_UPLOAD_BYTES;
}

/** The upload limit in whole MB, for the hints and the error. */
export const MAX_UPLOAD_MB = Math.round(MAX_UPLOAD_BYTES / (1024 * 1024));
