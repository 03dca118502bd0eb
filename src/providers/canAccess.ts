/**
 * The one access check: react-admin's canAccess({resource, action}) and the
 * navigation table both come here, so a menu entry and its route never disagree.
 */
import { can, type Rule } from '../domain/rules';

/** react-admin resource names → rule subjects (DESIGN §3). Names not listed are taken as subjects. */
const RESOURCE_SUBJECTS: Readonly<Record<string, string>> = {
  kiln_reg: 'kiln',
  kilns: 'kiln',
  facilities: 'facility',
  kiln_logs: 'kilnlog',
  archived_kiln_logs: 'kilnlog',
  users: 'user',
  admin: 'statistics',
  audits: 'audit',
  'eco-assets': 'eco-asset',
  photos: 'photo',
};

/** react-admin actions → rule actions. Actions not listed (create, delete, upload…) are kept. */
const ACTION_RULES: Readonly<Record<string, string>> = {
  list: 'read',
  show: 'read',
  export: 'read',
  edit: 'update',
};

export interface AccessRequest {
  resource: string;
  action: string;
}

export function ruleFor({ resource, action }: AccessRequest): { action: string; subject: string } {
  return { action: ACTION_RULES[action] ?? action, subject: RESOURCE_SUBJECTS[resource] ?? resource };
}

export function canAccess(rules: readonly Rule[] | undefined, request: AccessRequest): boolean {
  const { action, subject } = ruleFor(request);
  return can(rules, action, subject);
}
