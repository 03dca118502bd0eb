/**
 * The rules of a user's record, shared by the Users screen's forms and the
 * API server's 400s (POST/PUT /api/users): one error key per field, keyed
 * as the payload names it.
 */
import { isStrongEnough, PASSWORD_MAX_LENGTH } from './passwordStrength';
import { ROLES, isRoleCode } from './rules';
import { compactErrors, isBlank, type FieldErrors, type ValidationErrorKey } from './validation';

export type UserField = 'username' | 'role' | 'facility_ids' | 'password';

/** The login body allows 64 characters; a name is one token the login form can take as typed. */
export const USERNAME_MAX_LENGTH = 64;
const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]*$/;

export interface UserFormValues {
  username?: unknown;
  role?: unknown;
  facility_ids?: unknown;
  password?: unknown;
}

export function usernameError(value: unknown, takenNames: readonly string[] = []): ValidationErrorKey | undefined {
  if (isBlank(value)) return 'required';
  if (typeof value !== 'string') return 'invalid_format';
  const name = value.trim();
  if (name.length > USERNAME_MAX_LENGTH) return 'too_long';
  if (!USERNAME_PATTERN.test(name)) return 'invalid_format';
  return takenNames.some((t) => t.toLowerCase() === name.toLowerCase()) ? 'duplicate' : undefined;
}

export function passwordError(value: unknown): ValidationErrorKey | undefined {
  if (isBlank(value)) return 'required';
  if (typeof value !== 'string') return 'invalid_format';
  if (value.length > PASSWORD_MAX_LENGTH) return 'too_long';
  return isStrongEnough(value) ? undefined : 'too_weak';
}

export function roleError(value: unknown): ValidationErrorKey | undefined {
  if (isBlank(value)) return 'required';
  return isRoleCode(value) ? undefined : 'not_allowed';
}

/** A facility admin (role 4) needs at least one facility; no other role holds any. */
export function facilitiesError(role: unknown, value: unknown): ValidationErrorKey | undefined {
  const ids = value ?? [];
  if (!Array.isArray(ids) || !ids.every((id) => Number.isSafeInteger(id) && id > 0)) return 'invalid_format';
  if (new Set(ids).size !== ids.length) return 'duplicate';
  if (role === ROLES.FACILITY_ADMIN) return ids.length === 0 ? 'required' : undefined;
  return ids.length > 0 ? 'not_allowed' : undefined;
}

/** A new user: every field. */
export function validateNewUser(values: UserFormValues, takenNames: readonly string[] = []): FieldErrors<UserField> {
  return compactErrors({
    username: usernameError(values.username, takenNames),
    role: roleError(values.role),
    facility_ids: facilitiesError(values.role, values.facility_ids),
    password: passwordError(values.password),
  });
}

/** A change of role and facilities (the facilities judged against the role they will have). */
export function validateUserAccess(values: Pick<UserFormValues, 'role' | 'facility_ids'>): FieldErrors<'role' | 'facility_ids'> {
  return compactErrors({
    role: roleError(values.role),
    facility_ids: facilitiesError(values.role, values.facility_ids),
  });
}
