import { lazy, useState, type ComponentType, type ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { CanAccess, ResourceContextProvider } from 'react-admin';
import type { AccessRequest } from '../domain/operations';
import { AccessDenied } from './ErrorPage';
import { Loading } from './Loading';
import { SCREEN_MODULES } from './navigation';
import type { PageLoader } from './pageLoader';
import { accessOf, routesOf, type ScreenModule } from './resourceModule';

/**
 * react-admin guards its own resource pages but not custom routes, so each
 * page is wrapped in <CanAccess> with its navigation item's operation.
 */
function GuardedPage({ access, children }: { access?: AccessRequest; children: ReactNode }) {
  if (!access) return children;
  return (
    <CanAccess resource={access.resource} action={access.action} loading={<Loading />} accessDenied={<AccessDenied />}>
      {children}
    </CanAccess>
  );
}

/**
 * A screen's page: drawn at once when its code has arrived already (fetched
 * as the console started on it), else lazily, the layout's Suspense showing
 * 'Loading...' meanwhile. Which one is decided once per mount, since
 * switching from one to the other would mount the page again.
 */
function screenOf(load: PageLoader): ComponentType {
  const LazyPage = lazy(load);
  return function Screen() {
    const [Page] = useState(() => load.loaded ?? LazyPage);
    return <Page />;
  };
}

/**
 * A module's page at a path: guarded by the module's operation, in its
 * resource's context (as under <Resource>) when it is a resource's.
 */
function pageRoute(module: ScreenModule, path: string, load: PageLoader) {
  const Page = screenOf(load);
  const access = accessOf(module);
  const page = module.name ? (
    <ResourceContextProvider value={module.name}>
      <Page />
    </ResourceContextProvider>
  ) : (
    <Page />
  );
  return <Route key={path} path={path} element={<GuardedPage access={access}>{page}</GuardedPage>} />;
}

/** Every screen's routes, lazily loaded and guarded, as children for react-admin's <CustomRoutes>. */
export const screenRoutes = SCREEN_MODULES.flatMap((module) => routesOf(module).map(({ path, load }) => pageRoute(module, path, load)));
