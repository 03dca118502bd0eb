/**
 * Four eyes on a certification (security review Info 12): whoever proposed an
 * audit may not sign it off. The API server refuses it (403); the Review
 * screen says so before anyone tries.
 */
export const SIGNOFF_BY_PROPOSER = 'You proposed this audit: another kiln file admin or a super-admin must sign it off.';

/** Whether this user may sign off this proposal (a proposal older than the record of its proposer may be signed by anyone). */
export const maySignOff = (proposal: { proposed_by: number | null }, userId: number | undefined): boolean =>
  proposal.proposed_by === null || proposal.proposed_by !== userId;
