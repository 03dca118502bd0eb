import { Suspense, lazy, useState } from 'react';

const loadConsole = () => import('../AppRoot');
const AppRoot = lazy(loadConsole);
const LoginApp = lazy(() => import('./LoginApp'));
const TransparencyApp = lazy(() => import('../transparency/TransparencyApp'));

/**
 * A visitor without a session gets the login screen alone; the console
 * (react-admin and every screen) loads with the login. Once started, the
 * console handles logouts and logins itself, in place. The same tree is
 * prerendered at build time (no session) and hydrated in the browser.
 * A public page (src/transparency/publicPaths.ts) is itself alone, session or not.
 */
export function Boot({ hasSession, publicPage = false }: { hasSession: boolean; publicPage?: boolean }) {
  const [started, setStarted] = useState(hasSession);
  return (
    <Suspense fallback={null}>
      {publicPage ? (
        <TransparencyApp />
      ) : started ? (
        <AppRoot />
      ) : (
        <LoginApp loadConsole={loadConsole} onLoggedIn={() => setStarted(true)} />
      )}
    </Suspense>
  );
}
