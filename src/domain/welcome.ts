import { isRoleCode } from './rules';

/**
 * The role sentence on Home (docs/roles.md#welcome-sentences). Returns a message key of the
 * English catalogue (src/i18n/en.ts), or null when there is no session.
 */
export function welcomeMessageKey(role: number | null | undefined): string | null {
  if (role === null || role === undefined) return null;
  return isRoleCode(role) ? `welcome.role${role}` : 'welcome.unsupported';
}
