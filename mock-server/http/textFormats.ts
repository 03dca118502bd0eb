import { isUnsafeLine, isUnsafeText, unsafeLineReason, unsafeTextReason } from '../../src/domain/validation';

/**
 * The string formats of openapi.yaml for text a reader must be able to trust as shown:
 * `single-line` (job ids, key labels, beneficiaries) and
 * `multi-line` (minting notes, purposes), given to the OpenAPI validator.
 */
export const TEXT_FORMATS = {
  'single-line': { type: 'string', validate: (text: string) => !isUnsafeLine(text) },
  'multi-line': { type: 'string', validate: (text: string) => !isUnsafeText(text) },
} as const;

/** The reason a field breaking one of TEXT_FORMATS is given, for the validator's `must match format "…"`; undefined for another message. */
export function textFormatReason(field: string, validatorMessage: string | undefined): string | undefined {
  if (validatorMessage === 'must match format "single-line"') return unsafeLineReason(field);
  if (validatorMessage === 'must match format "multi-line"') return unsafeTextReason(field);
  return undefined;
}
