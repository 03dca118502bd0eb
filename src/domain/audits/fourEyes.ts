/**
 * Four eyes on a certification (security review Info 12): whoever proposed an
 * audit may not sign it off. The API server refuses it (403); the Review
 * screen says so before anyone tries.
 */
import { can } from '../rules';

export const SIGNOFF_BY_PROPOSER = 'You proposed this audit: another kiln file admin or a super-admin must sign it off.';

/** Whether this user may sign off this proposal (a proposal older than the record of its proposer may be signed by anyone). */
export const maySignOff = (proposal: { proposed_by: number | null }, userId: number | undefined): boolean =>
  proposal.proposed_by === null || proposal.proposed_by !== userId;

/** docs/decisions.md: a proposal is withdrawn by who proposed it or by a super-admin, no one else (a 403 says so). */
export const WITHDRAW_BY_OTHERS = 'Only who proposed this audit or a super-admin may withdraw it.';

/** Whether this user may withdraw this proposal: its proposer, or a super-admin (rule manage all). */
export const mayWithdraw = (
  proposal: { proposed_by: number | null },
  user: { userId: number | undefined; rules: readonly { action: string; subject: string }[] | undefined },
): boolean => (user.userId !== undefined && proposal.proposed_by === user.userId) || can(user.rules, 'manage', 'all');
