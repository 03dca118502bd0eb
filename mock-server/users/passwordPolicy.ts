import { passwordStrength } from '../../src/domain/passwordStrength';

const MAX_LENGTH = 256;
const MEDIUM = 2;

/**
 * Why a new password is refused, or null. The server holds the console's bar
 * (spec, "Validation rules": Medium or better) so a direct call cannot set a weaker one.
 */
export function passwordProblem(pass: unknown): string | null {
  if (typeof pass !== 'string' || pass.length === 0) return 'pass must be a non-empty string.';
  if (pass.length > MAX_LENGTH) return `pass must be at most ${MAX_LENGTH} characters.`;
  if (passwordStrength(pass) < MEDIUM) {
    return 'pass is too weak: use at least 10 characters with lowercase, uppercase, digits and symbols.';
  }
  return null;
}
