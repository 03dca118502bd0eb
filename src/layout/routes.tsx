import { lazy, useState, type ComponentType, type ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { CanAccess, ResourceContextProvider } from 'react-admin';
import { RESOURCES, type AccessRequest } from '../domain/operations';
import { AccessDenied } from './ErrorPage';
import { Loading } from './Loading';
import { NAV_ITEMS } from './navigation';
import { pageLoader, type PageLoader } from './pageLoader';

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
 * One lazily loaded, guarded route per navigation item, as children for
 * react-admin's <CustomRoutes>; the layout's Suspense shows 'Loading...' meanwhile.
 */
export const navigationRoutes = NAV_ITEMS.map(({ path, access, load, resource }) => {
  const Page = screenOf(load);
  // a resource's screen works in its resource's context, as under <Resource>
  const page = resource ? (
    <ResourceContextProvider value={resource}>
      <Page />
    </ResourceContextProvider>
  ) : (
    <Page />
  );
  // `/*` leaves room for a page's own sub-routes
  return (
    <Route
      key={path}
      path={`/${path}/*`}
      element={
        <GuardedPage access={access}>{page}</GuardedPage>
      }
    />
  );
});

/**
 * Screens with a route but no menu item: an eco asset's provenance
 * (/eco-assets/{id}), reached from every place an eco asset is shown.
 */
const Provenance = screenOf(pageLoader(() => import('../eco-assets/ProvenancePage')));
export const linkedRoutes = [
  <Route
    key="eco-assets/:id"
    path="/eco-assets/:id"
    element={
      <GuardedPage access={{ resource: RESOURCES.ecoAssets, action: 'show' }}>
        <Provenance />
      </GuardedPage>
    }
  />,
];
