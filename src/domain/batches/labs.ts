/** A laboratory (issue 43), pure: its name and accreditation, each one line of text. */
import { lineReason, type Reasons } from './batchRules';

export const LAB_TEXT_MAX = 200;

/** Why a laboratory is refused, by field; empty when it may be registered. */
export function labProblems(input: { name?: unknown; accreditation?: unknown }): Reasons {
  const reasons: Reasons = {};
  const name = lineReason('name', input.name, true, LAB_TEXT_MAX);
  const accreditation = lineReason('accreditation', input.accreditation, true, LAB_TEXT_MAX);
  if (name) reasons.name = name;
  if (accreditation) reasons.accreditation = accreditation;
  return reasons;
}

/** Lab names are compared without case or surrounding spaces, as kiln ids are. */
export const labNameKey = (name: string): string => name.trim().toLowerCase();
