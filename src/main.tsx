import { StrictMode, Suspense, lazy, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { currentSession } from './providers/session';

const loadConsole = () => import('./AppRoot');
const AppRoot = lazy(loadConsole);
const LoginApp = lazy(() => import('./login/LoginApp'));

/**
 * A visitor without a session gets the login screen alone; the console
 * (react-admin and every screen) loads with the login. Once started, the
 * console handles logouts and logins itself, in place.
 */
function Boot() {
  const [started, setStarted] = useState(() => currentSession() !== null);
  return (
    <Suspense fallback={null}>{started ? <AppRoot /> : <LoginApp loadConsole={loadConsole} onLoggedIn={() => setStarted(true)} />}</Suspense>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Boot />
  </StrictMode>,
);
