import { useMemo, useState } from 'react';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { I18nContext } from 'react-admin';
import { AppShell } from '../layout/AppShell';
import { STORAGE_KEYS, usePersistentFlag } from '../layout/preferences';
import { darkTheme, lightTheme } from '../layout/themes';
import { i18nProvider } from '../providers/i18nProvider';
import { logIn, type Credentials } from '../providers/login';
import { LoginForm } from './LoginForm';
import { submittedBeforeHydration, typedBeforeHydration } from './typedBeforeHydration';

/**
 * The first screen of a visitor without a session, before react-admin has
 * loaded: the same shell, theme and texts, a fraction of the JavaScript.
 * The console's code is fetched while the login request runs. It is also
 * prerendered into index.html (prerender/), so it hydrates painted markup.
 */
export default function LoginApp({ loadConsole, onLoggedIn }: { loadConsole: () => Promise<unknown>; onLoggedIn: () => void }) {
  const [darkMode] = usePersistentFlag(STORAGE_KEYS.darkMode);
  const theme = useMemo(() => createTheme(darkMode ? darkTheme : lightTheme), [darkMode]);
  const [typed] = useState(typedBeforeHydration);
  const [submitted] = useState(submittedBeforeHydration);
  const onLogin = async (credentials: Credentials) => {
    const console = loadConsole();
    await logIn(credentials);
    await console;
    onLoggedIn();
  };
  return (
    <I18nContext.Provider value={i18nProvider}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <AppShell>
          <LoginForm onLogin={onLogin} typed={typed} submitted={submitted} />
        </AppShell>
      </ThemeProvider>
    </I18nContext.Provider>
  );
}
