const MAX_LENGTH = 256;
const CLASSES = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/];

/**
 * Why a new password is refused, or null. The server holds the console's bar
 * (spec §5: Medium or better, i.e. all four character classes and length 10).
 */
export function passwordProblem(pass: unknown): string | null {
  if (typeof pass !== 'string' || pass.length === 0) return 'pass must be a non-empty string.';
  if (pass.length > MAX_LENGTH) return `pass must be at most ${MAX_LENGTH} characters.`;
  const classes = CLASSES.filter((re) => re.test(pass)).length;
  if (classes < 4 || pass.length < 10) {
    return 'pass is too weak: use at least 10 characters with lowercase, uppercase, digits and symbols.';
  }
  return null;
}
