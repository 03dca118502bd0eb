/**
 * Roles and permission rules, shared by the console (menus, buttons) and the
 * API server (token claims, per-route checks) so both enforce one table.
 * Rules are CASL-style {action, subject} pairs: action 'manage' means any
 * action and subject 'all' any subject.
 */

export const ROLES = {
  SUPER_ADMIN: 0,
  KILN_FILE_UPLOADER: 1,
  USER_ADMIN: 2,
  KILN_FILE_ADMIN: 3,
  FACILITY_ADMIN: 4,
  ECO_ASSET_BROKER: 5,
} as const;

export type RoleCode = (typeof ROLES)[keyof typeof ROLES];

export const ROLE_NAMES: Record<RoleCode, string> = {
  0: 'Super Admin',
  1: 'Kiln File Uploader',
  2: 'User Admin',
  3: 'Kiln File Admin',
  4: 'Facility Admin',
  5: 'Eco-Asset Broker',
};

/**
 * 'certify' decides what is credited: approving a kiln id, assigning an unfiled
 * log to a kiln, setting a facility's GPS box and carbon factors. No role but
 * the super-admin's 'manage all' holds it (docs/roles.md#numbers-that-credit-a-facility: no party sets a number that credits it).
 */
export type Action = 'manage' | 'read' | 'create' | 'update' | 'delete' | 'upload' | 'certify';
/** 'batch': production batches with their end uses and emissions; 'lab-result' a batch's lab result; 'lab' the laboratories and their keys. */
export type Subject =
  'all' | 'facility' | 'kiln' | 'kilnlog' | 'user' | 'statistics' | 'audit' | 'eco-asset' | 'photo' | 'batch' | 'lab-result' | 'lab';

export interface Rule {
  action: Action;
  subject: Subject;
}

const rule = (action: Action, subject: Subject): Rule => ({ action, subject });

/** docs/roles.md#roles-and-rules: which rules each role's token carries. */
export const ROLE_RULES: Record<RoleCode, readonly Rule[]> = {
  0: [rule('manage', 'all')],
  1: [rule('create', 'kilnlog')],
  2: [rule('read', 'user'), rule('create', 'user'), rule('update', 'user'), rule('delete', 'user')],
  3: [
    rule('read', 'kilnlog'),
    rule('update', 'kilnlog'),
    rule('read', 'kiln'),
    rule('read', 'facility'),
    rule('read', 'audit'),
    rule('create', 'audit'),
    rule('read', 'batch'),
    rule('create', 'batch'),
    rule('update', 'batch'),
    rule('create', 'lab-result'),
    rule('read', 'lab'),
  ],
  4: [
    rule('read', 'facility'),
    rule('update', 'facility'),
    rule('upload', 'photo'),
    rule('read', 'kiln'),
    rule('create', 'kiln'),
    rule('update', 'kiln'),
    rule('read', 'kilnlog'),
    rule('read', 'audit'),
    rule('read', 'batch'),
    rule('create', 'batch'),
    rule('update', 'batch'),
    rule('read', 'lab'),
  ],
  5: [
    rule('read', 'eco-asset'),
    rule('create', 'eco-asset'),
    rule('read', 'audit'),
    rule('read', 'facility'),
    rule('read', 'batch'),
    rule('read', 'lab'),
  ],
};

export function isRoleCode(value: unknown): value is RoleCode {
  return typeof value === 'number' && Object.prototype.hasOwnProperty.call(ROLE_RULES, value);
}

export function rulesForRole(role: number): Rule[] {
  return isRoleCode(role) ? ROLE_RULES[role].map((r) => ({ ...r })) : [];
}

/** True when one of the rules grants `action` on `subject`. */
export function can(rules: readonly { action: string; subject: string }[] | undefined, action: string, subject: string): boolean {
  if (!Array.isArray(rules)) return false;
  return rules.some((r) => (r.action === 'manage' || r.action === action) && (r.subject === 'all' || r.subject === subject));
}

/** Whether a role's facility rules reach only the facilities whose owner_id is the user's id (docs/roles.md#facility-scope). */
export function isFacilityBound(role: number): boolean {
  return role === ROLES.FACILITY_ADMIN;
}
