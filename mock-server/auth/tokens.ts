import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { isRoleCode, rulesForRole, type Rule } from '../../src/domain/rules';

export interface TokenClaims {
  sub: string;
  role: number;
  uid: number;
  rules: Rule[];
  exp: number;
}

const ALGORITHM = 'HS256';

/** JWT_SECRET from the environment, else one generated once and kept in DATA_DIR. */
export function loadSecret(dataDir: string, fromEnv?: string): Uint8Array {
  if (fromEnv) return Uint8Array.from(Buffer.from(fromEnv, 'utf8'));
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, randomBytes(48).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  return Uint8Array.from(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8'));
}

export class TokenService {
  constructor(
    private readonly secret: Uint8Array,
    private readonly ttl: string,
  ) {}

  issue(user: { id: number; username: string; role: number }): Promise<string> {
    return new SignJWT({ role: user.role, uid: user.id, rules: rulesForRole(user.role) })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(user.username)
      .setIssuedAt()
      .setExpirationTime(this.ttl)
      .sign(this.secret);
  }

  /** Resolves the claims of a genuine, unexpired token; rejects otherwise. */
  async verify(token: string): Promise<TokenClaims> {
    const { payload } = await jwtVerify(token, this.secret, { algorithms: [ALGORITHM] });
    const { sub, role, uid, rules, exp } = payload as Partial<TokenClaims>;
    if (typeof sub !== 'string' || !isRoleCode(role) || typeof uid !== 'number' || typeof exp !== 'number' || !Array.isArray(rules)) {
      throw new Error('token claims incomplete');
    }
    return { sub, role, uid, rules, exp };
  }
}
