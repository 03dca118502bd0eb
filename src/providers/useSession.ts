import { useMemo, useSyncExternalStore } from 'react';
import { getToken, sessionFromToken, subscribeToToken, type Session } from './session';

/** The current session, re-rendering on login and logout; null when not logged in. */
export function useSession(): Session | null {
  const token = useSyncExternalStore(subscribeToToken, getToken);
  return useMemo(() => sessionFromToken(token), [token]);
}
