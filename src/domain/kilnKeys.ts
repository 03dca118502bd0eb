/** A key fingerprint (64 hex digits) as screens show it: its first 16 digits in groups of 4, then an ellipsis. */
export function shortFingerprint(fingerprint: string): string {
  const head =
    fingerprint
      .slice(0, 16)
      .match(/.{1,4}/g)
      ?.join(' ') ?? '';
  return fingerprint.length > 16 ? `${head}…` : head;
}

/** DER bytes as a PEM block of the given label, 64 base64 characters a line. */
export function derToPem(der: ArrayBuffer, label: 'PUBLIC KEY' | 'PRIVATE KEY'): string {
  let binary = '';
  for (const byte of new Uint8Array(der)) binary += String.fromCharCode(byte);
  const lines = btoa(binary).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

export interface GeneratedKeyPair {
  /** the public key (SPKI) to register */
  publicPem: string;
  /** the private key (PKCS #8), for the kiln only: never sent */
  privatePem: string;
}

/** A fresh Ed25519 key pair made by the browser's WebCrypto, both halves in PEM. */
export async function generateKilnKeyPair(subtle: SubtleCrypto = crypto.subtle): Promise<GeneratedKeyPair> {
  const pair = (await subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const [spki, pkcs8] = await Promise.all([subtle.exportKey('spki', pair.publicKey), subtle.exportKey('pkcs8', pair.privateKey)]);
  return { publicPem: derToPem(spki, 'PUBLIC KEY'), privatePem: derToPem(pkcs8, 'PRIVATE KEY') };
}
