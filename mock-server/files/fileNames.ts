const MAX_NAME_LENGTH = 120;

/**
 * A client's file name made fit to show: no directories, no control or
 * reserved characters, at most 120 characters. It is only ever displayed.
 */
export function displayFileName(name: string | undefined, fallback = 'file'): string {
  const base = (name ?? '').normalize('NFC').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  return cleaned.slice(0, MAX_NAME_LENGTH) || fallback;
}

/** Content-Disposition for showing a stored file in the browser, with an ASCII fallback name. */
export function inlineDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
