/**
 * The password policy, one for the console and the server: the strength bar
 * of the profile's password change (docs/product.md#password-change), the least strength a password
 * may be set with (by its owner or a user-admin) and the longest one taken.
 */

export type StrengthLevel = 0 | 1 | 2 | 3;

export const STRENGTH_NAMES = ['tooWeak', 'weak', 'medium', 'strong'] as const;

const CHARACTER_CLASSES: readonly RegExp[] = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{N}]/u];

export function characterClassCount(password: string): number {
  return CHARACTER_CLASSES.filter((pattern) => pattern.test(password)).length;
}

/** The lengths of a Medium (the least Update Password takes) and of a Strong password with all four character classes. */
export const MEDIUM_LENGTH = 10;
export const STRONG_LENGTH = 12;

/** The longest password a user may set, and so the longest a login takes. */
export const PASSWORD_MAX_LENGTH = 256;
/** Medium: the least Update Password takes, and so the least a user-admin may set. */
export const LEAST_STRENGTH: StrengthLevel = 2;

export function passwordStrength(password: string): StrengthLevel {
  const classes = characterClassCount(password);
  const length = [...password].length;
  if (classes === 4 && length >= STRONG_LENGTH) return 3;
  if (classes === 4 && length >= MEDIUM_LENGTH) return 2;
  if (classes >= 2 && length >= 8) return 1;
  return 0;
}

/** The bar fills 33 % per level and 100 % at Strong. */
export function strengthPercent(level: StrengthLevel): number {
  return level === 3 ? 100 : level * 33;
}

/** Strong enough to be set: of the least strength or better. */
export function isStrongEnough(password: string): boolean {
  return passwordStrength(password) >= LEAST_STRENGTH;
}

/** Update Password is offered only for matching entries of Medium strength or better. */
export function canUpdatePassword(password: string, repeat: string): boolean {
  return password === repeat && isStrongEnough(password);
}
