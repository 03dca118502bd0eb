import { Navigate, useLocation } from 'react-router-dom';
import { useLogin } from 'react-admin';
import type { Credentials } from '../providers/login';
import { useSession } from '../providers/useSession';
import { AppShell } from '../layout/AppShell';
import { HOME_PATH } from '../layout/navigation';
import { LoginForm } from './LoginForm';

/** The login screen inside the console (after a logout or an expired token): the app shell without a menu, around the form. */
export function LoginScreen() {
  const login = useLogin();
  const { pathname, search } = useLocation();
  // Shown in place of the page asked for: stay there. At /login, react-admin goes home.
  const onLogin = (credentials: Credentials) => login(credentials, pathname === '/login' ? undefined : pathname + search);
  return (
    <AppShell>
      <LoginForm onLogin={onLogin} />
    </AppShell>
  );
}

/** react-admin's loginPage at /login; someone already logged in goes home. */
export function LoginPage() {
  return useSession() ? <Navigate to={HOME_PATH} replace /> : <LoginScreen />;
}
