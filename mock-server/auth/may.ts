import { canAccess, type OperationAction, type ResourceName } from '../../src/domain/operations';
import type { AuthContext } from './authContext';

/**
 * Whether the caller may do what a handler asks beyond its route's operation (approving, reaching a
 * super-admin, moving a facility between owners): one more entry of the operation table
 * (src/domain/operations.ts), never a role compared by hand.
 */
export function may(auth: AuthContext, resource: ResourceName, action: OperationAction): boolean {
  return canAccess(auth.rules, { resource, action });
}
