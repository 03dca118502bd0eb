import { can, type Action, type Subject } from '../domain/rules';
import { useSession } from './useSession';

/** Whether the session's rules grant `action` on `subject` (spec §6): shows or hides a screen's buttons. */
export function useCan(action: Action, subject: Subject): boolean {
  return can(useSession()?.rules, action, subject);
}
