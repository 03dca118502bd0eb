import type { Rule } from '../../src/domain/rules';

/** Who is calling, from a verified token and the user it names. */
export interface AuthContext {
  userId: number;
  username: string;
  role: number;
  rules: Rule[];
  /** set by the route's operation guard: a facility admin reaches only their own facilities */
  ownFacilitiesOnly?: boolean;
}
