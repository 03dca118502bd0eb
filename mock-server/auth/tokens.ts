import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ensurePrivateDir } from '../blobs/privateFiles';
import { isRoleCode, rulesForRole, type Rule } from '../../src/domain/rules';

export interface TokenClaims {
  sub: string;
  role: number;
  uid: number;
  rules: Rule[];
  exp: number;
  /** the user's token_version when the token was issued */
  ver: number;
  /** present (true) while the user must replace a password a user-admin set */
  must_change_password?: true;
}

const ALGORITHM = 'HS256';

export const tokenVersion = (user: { token_version?: number }): number => user.token_version ?? 0;

/** HS256 wants a key at least as long as its hash (RFC 7518 §3.2): 32 bytes. */
export const MIN_SECRET_BYTES = 32;

/** JWT_SECRET from the environment (refused under 32 bytes), else one generated once and kept in DATA_DIR. */
export function loadSecret(dataDir: string, fromEnv?: string): Uint8Array {
  if (fromEnv !== undefined) {
    const bytes = Buffer.from(fromEnv, 'utf8');
    if (bytes.length < MIN_SECRET_BYTES) {
      throw new Error(
        `JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes long (it has ${bytes.length}); leave it unset to have one generated.`,
      );
    }
    return Uint8Array.from(bytes);
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    ensurePrivateDir(dataDir);
    fs.writeFileSync(file, randomBytes(48).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  return Uint8Array.from(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8'));
}

export class TokenService {
  constructor(
    private readonly secret: Uint8Array,
    private readonly ttl: string,
  ) {}

  issue(user: { id: number; username: string; role: number; token_version?: number; must_change_password?: boolean }): Promise<string> {
    return new SignJWT({
      role: user.role,
      uid: user.id,
      rules: rulesForRole(user.role),
      ver: tokenVersion(user),
      // the console opens only the password change while this is set; the server refuses the rest (428)
      ...(user.must_change_password && { must_change_password: true }),
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(user.username)
      .setIssuedAt()
      .setExpirationTime(this.ttl)
      .sign(this.secret);
  }

  /** Resolves the claims of a genuine, unexpired token; rejects otherwise. */
  async verify(token: string): Promise<TokenClaims> {
    const { payload } = await jwtVerify(token, this.secret, { algorithms: [ALGORITHM] });
    const { sub, role, uid, rules, exp, ver } = payload as Partial<TokenClaims>;
    if (
      typeof sub !== 'string' ||
      !isRoleCode(role) ||
      typeof uid !== 'number' ||
      typeof exp !== 'number' ||
      !Array.isArray(rules) ||
      !Number.isSafeInteger(ver)
    ) {
      throw new Error('token claims incomplete');
    }
    return { sub, role, uid, rules, exp, ver: ver as number };
  }
}
