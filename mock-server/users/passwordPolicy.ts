import { isStrongEnough, MEDIUM_LENGTH, PASSWORD_MAX_LENGTH } from '../../src/domain/passwordStrength';

/**
 * Why a new password is refused, or null: the console's policy
 * (src/domain/passwordStrength.ts), held by the server so a direct call cannot set a weaker one.
 */
export function passwordProblem(pass: unknown): string | null {
  if (typeof pass !== 'string' || pass.length === 0) return 'pass must be a non-empty string.';
  if (pass.length > PASSWORD_MAX_LENGTH) return `pass must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (!isStrongEnough(pass)) {
    return `pass is too weak: use at least ${MEDIUM_LENGTH} characters with lowercase, uppercase, digits and symbols.`;
  }
  return null;
}
