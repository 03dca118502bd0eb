/**
 * Which methodology an audit credits under (issue 44; docs/decisions.md,
 * "An audit's methodology"). Pure: the server and the console read the same rule.
 */

/** The specification's own method, biochar × the facility's factor: an audit proposed without a methodology credits under it. */
export const SPEC_FACTOR = 'spec-factor';

/** A batch as the rule reads it: its burns and what the chosen methodology computes for it. */
export interface BatchUnderMethodology {
  id: number;
  label: string;
  analysis_ids: readonly number[];
  eligible: boolean;
  net_co2e_g: number | null;
  missing: readonly string[];
  /** the gates that failed, by name */
  failed_gates: readonly string[];
}

/**
 * Why burns cannot be credited under a methodology other than spec-factor, one
 * sentence per problem, none when they can: every burn must be in a batch,
 * every burn of each such batch among them (a batch is credited whole, by one
 * audit), and each batch eligible with a figure and no input missing.
 */
export function methodologyProblems(methodology: string, burnIds: readonly number[], batches: readonly BatchUnderMethodology[]): string[] {
  if (methodology === SPEC_FACTOR) return [];
  const chosen = new Set(burnIds);
  const batched = new Set(batches.flatMap((b) => b.analysis_ids));
  const problems: string[] = [];
  const loose = burnIds.filter((id) => !batched.has(id));
  if (loose.length)
    problems.push(`burn${loose.length === 1 ? '' : 's'} ${loose.join(', ')} ${loose.length === 1 ? 'is' : 'are'} in no batch`);
  for (const batch of [...batches].sort((a, b) => a.id - b.id)) {
    const left = batch.analysis_ids.filter((id) => !chosen.has(id));
    if (left.length)
      problems.push(`batch ${batch.label} (${batch.id}) also holds burn${left.length === 1 ? '' : 's'} ${left.join(', ')}, not selected`);
    if (batch.missing.length) problems.push(`batch ${batch.label} (${batch.id}) lacks ${batch.missing.join(', ')}`);
    else if (batch.net_co2e_g === null) problems.push(`batch ${batch.label} (${batch.id}) has no figure`);
    if (batch.failed_gates.length) problems.push(`batch ${batch.label} (${batch.id}) fails ${batch.failed_gates.join(', ')}`);
    else if (!batch.eligible && !batch.missing.length) problems.push(`batch ${batch.label} (${batch.id}) is not eligible`);
  }
  return problems;
}
