import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { CssBaseline, Portal } from '@mui/material';
import { AdminContext, CoreAdminUI, CustomRoutes, Notification, Resource } from 'react-admin';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { createQueryClient } from './providers/queryClient';
import { ErrorPage } from './layout/ErrorPage';
import { Layout } from './layout/Layout';
import { Loading } from './layout/Loading';
import { HOME_PATH } from './layout/navigation';
import { NOTIFICATION_PROPS } from './layout/notifications';
import { STORAGE_KEYS, usePersistentFlag } from './layout/preferences';
import { RESOURCE_MODULES } from './layout/resources';
import { screenRoutes } from './layout/routes';
import { darkTheme, lightTheme } from './layout/themes';
import { LoginPage } from './login/LoginPage';

const RootRedirect = () => <Navigate to={HOME_PATH} replace />;

/**
 * react-admin's <Admin> is AdminContext + AdminUI; AdminUI imports the default
 * layout, login and error pages even when replaced, so it is composed here from
 * CoreAdminUI to keep them out of the login screen's bundle (about 40 kB gzip).
 */
export function App() {
  const [darkMode] = usePersistentFlag(STORAGE_KEYS.darkMode);
  const [queryClient] = useState(createQueryClient);
  return (
    <AdminContext
      queryClient={queryClient}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      theme={darkMode ? darkTheme : lightTheme}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          layout={Layout}
          loginPage={LoginPage}
          dashboard={RootRedirect}
          catchAll={ErrorPage}
          error={ErrorPage}
          loading={Loading}
          disableTelemetry
        >
          {/* definitions only: each resource's pages are routed at the spec's path by the navigation table */}
          {RESOURCE_MODULES.map(({ name, icon, recordRepresentation }) => (
            <Resource key={name} name={name} icon={icon} recordRepresentation={recordRepresentation} />
          ))}
          <CustomRoutes>{screenRoutes}</CustomRoutes>
        </CoreAdminUI>
        {/* a body child of its own, created when shown: an open modal's aria-hidden does not silence it */}
        <Portal>
          <Notification {...NOTIFICATION_PROPS} />
        </Portal>
      </CssBaseline>
    </AdminContext>
  );
}
