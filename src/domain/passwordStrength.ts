/** Password strength for the profile's password change (spec §5). */

export type StrengthLevel = 0 | 1 | 2 | 3;

export const STRENGTH_NAMES = ['tooWeak', 'weak', 'medium', 'strong'] as const;

const CHARACTER_CLASSES: readonly RegExp[] = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{N}]/u];

export function characterClassCount(password: string): number {
  return CHARACTER_CLASSES.filter((pattern) => pattern.test(password)).length;
}

/** The lengths of a Medium (the least Update Password takes) and of a Strong password with all four character classes. */
export const MEDIUM_LENGTH = 10;
export const STRONG_LENGTH = 12;

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

/** Update Password is offered only for matching entries of Medium strength or better. */
export function canUpdatePassword(password: string, repeat: string): boolean {
  return password === repeat && passwordStrength(password) > 1;
}
