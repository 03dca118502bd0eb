import { useMemo, useState } from 'react';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nContext } from 'react-admin';
import { AppShell } from '../layout/AppShell';
import { STORAGE_KEYS, usePersistentFlag } from '../layout/preferences';
import { darkTheme, lightTheme } from '../layout/themes';
import { useTabTitle } from '../layout/useTabTitle';
import { i18nProvider } from '../providers/i18nProvider';
import { TransparencyPage } from './TransparencyPage';

function Titled() {
  useTabTitle('transparency.title');
  return <TransparencyPage />;
}

/**
 * The public transparency page (a public path, src/transparency/publicPaths.ts): the console's
 * shell, theme and texts without react-admin or a session, as the login screen has them.
 */
export default function TransparencyApp() {
  const [darkMode] = usePersistentFlag(STORAGE_KEYS.darkMode);
  const theme = useMemo(() => createTheme(darkMode ? darkTheme : lightTheme), [darkMode]);
  // a failed read is shown in place with Retry: no retry behind the visitor's back
  const [queries] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  return (
    <I18nContext.Provider value={i18nProvider}>
      <QueryClientProvider client={queries}>
        <ThemeProvider theme={theme}>
          <CssBaseline enableColorScheme />
          <AppShell>
            <Titled />
          </AppShell>
        </ThemeProvider>
      </QueryClientProvider>
    </I18nContext.Provider>
  );
}
