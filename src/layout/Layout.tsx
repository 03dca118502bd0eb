import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useLogout, useNotify } from 'react-admin';
import { LoginScreen } from '../login/LoginPage';
import type { Session } from '../providers/session';
import { useSession } from '../providers/useSession';
import { AppShell } from './AppShell';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorPage } from './ErrorPage';
import { navItemAt } from './navigation';
import { Loading, TallLoading } from './Loading';
import { TopMenu } from './TopMenu';

// loaded only for a user who must replace a password a user-admin set
const ChooseOwnPassword = lazy(() => import('../users/ChooseOwnPassword'));

// setTimeout cannot wait longer than this (about 24.8 days)
const MAX_TIMER_DELAY = 2 ** 31 - 1;

/** An expired token counts as none (docs/product.md#session): log out when it expires, staying on the page. */
function useLogoutOnExpiry(session: Session | null) {
  const logout = useLogout();
  const notify = useNotify();
  useEffect(() => {
    if (!session?.exp) return;
    const delay = session.exp * 1000 - Date.now();
    if (delay > MAX_TIMER_DELAY) return;
    const timer = setTimeout(
      () => {
        notify('ra.notification.logged_out', { type: 'info' });
        void logout({}, false);
      },
      Math.max(delay, 0),
    );
    return () => clearTimeout(timer);
  }, [session, logout, notify]);
}

/**
 * react-admin's layout for every route. Without a session it shows only the
 * login screen, at whatever URL was asked for (docs/product.md#screens-and-routes), so that logging in
 * continues there. A user whose password a user-admin set sees only the
 * screen to choose their own. A page that fails to render shows the error page.
 */
export function Layout({ children }: { children?: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  useLogoutOnExpiry(session);

  if (!session) return <LoginScreen />;
  if (session.mustChangePassword) {
    return (
      <Suspense fallback={<Loading />}>
        <ChooseOwnPassword session={session} />
      </Suspense>
    );
  }
  return (
    <AppShell menu={<TopMenu />}>
      {/* a screen stays mounted across its own sub-paths (a dialog's URL); any new path tries a failed page again */}
      <ErrorBoundary key={navItemAt(pathname)?.path ?? pathname} resetKey={pathname} fallback={<ErrorPage />}>
        <Suspense fallback={<TallLoading />}>{children}</Suspense>
      </ErrorBoundary>
    </AppShell>
  );
}
