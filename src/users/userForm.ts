/**
 * The Users forms' rules as react-admin wants them: the shared validators
 * (src/domain/userValidation.ts, the same the server answers 400 with), their
 * keys as message keys, and the payload a save sends.
 */
import { ROLES, ROLE_NAMES, isRoleCode, type RoleCode } from '../domain/rules';
import { PASSWORD_MAX_LENGTH } from '../domain/passwordStrength';
import { USERNAME_MAX_LENGTH, validateNewUser, validateUserAccess, passwordError, type UserFormValues } from '../domain/userValidation';
import type { FieldErrors } from '../domain/validation';
import type { UserFacilityOption } from '../domain/api/users';
import type { FailureTexts } from '../layout/failures';

type Message = string | { message: string; args: Record<string, number> };

const MAX_LENGTHS: Record<string, number> = { username: USERNAME_MAX_LENGTH, password: PASSWORD_MAX_LENGTH };

/** Error keys as react-admin's translated messages (validation.* in en.ts). */
export function messages(errors: FieldErrors<string>): Record<string, Message> {
  const out: Record<string, Message> = {};
  for (const [field, key] of Object.entries(errors)) {
    if (!key) continue;
    out[field] = key === 'too_long' ? { message: 'validation.too_long', args: { max: MAX_LENGTHS[field] ?? 0 } } : `validation.${key}`;
  }
  return out;
}

/** Facilities belong to facility admins only: another role sends none (and so gives them back). */
export function accessPayload(values: UserFormValues): { role: unknown; facility_ids: number[] } {
  const ids = Array.isArray(values.facility_ids) ? (values.facility_ids as number[]) : [];
  return { role: values.role, facility_ids: values.role === ROLES.FACILITY_ADMIN ? ids : [] };
}

/**
 * The failure of a user's write: the spec's 'Error persisting user.' texts, and a refusal's own
 * sentence (a 403 saying only a super-admin may, a 409 on a release no longer waiting) in their place.
 */
export const USER_SAVE_FAILURE: FailureTexts = {
  title: 'profile.errorTitle',
  badRequest: 'errors.badRequest',
  other: 'errors.unknownServer',
  serverReason: 'refusal',
};

export const validateCreateForm = (values: UserFormValues) => messages(validateNewUser({ ...values, ...accessPayload(values) }));
export const validateEditForm = (values: UserFormValues) => messages(validateUserAccess(accessPayload(values)));
export const validateResetForm = (values: UserFormValues) => messages({ password: passwordError(values.password) });

/** The roles a session may give: a super-admin any, a user-admin any but super-admin (the server refuses that). */
export function roleChoices(sessionRole: number | undefined): { id: RoleCode; name: string }[] {
  return (Object.keys(ROLE_NAMES).map(Number) as number[])
    .filter(isRoleCode)
    .filter((role) => role !== ROLES.SUPER_ADMIN || sessionRole === ROLES.SUPER_ADMIN)
    .map((role) => ({ id: role, name: ROLE_NAMES[role] }));
}

/** The chosen facilities that belong to another user now (none of a new user's own), each with its owner. */
export function facilitiesChangingOwner(
  options: readonly UserFacilityOption[],
  chosen: readonly number[],
  userId: number | undefined,
): UserFacilityOption[] {
  return options.filter((f) => chosen.includes(f.id) && f.owner_id !== userId);
}
