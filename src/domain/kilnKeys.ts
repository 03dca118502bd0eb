/** A key fingerprint (64 hex digits) as screens show it: its first 16 digits in groups of 4, then an ellipsis. */
export function shortFingerprint(fingerprint: string): string {
  const head = fingerprint.slice(0, 16).match(/.{1,4}/g)?.join(' ') ?? '';
  return fingerprint.length > 16 ? `${head}…` : head;
}
