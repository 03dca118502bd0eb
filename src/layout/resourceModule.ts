import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';
import type { AccessRequest, ResourceName } from '../domain/operations';
import type { PageLoader } from './pageLoader';

/**
 * What a feature folder's `index.ts` exports for each of its screens (as in
 * react-admin's demo: `{list, create, edit, show, icon, recordRepresentation}`),
 * plus `path`, the spec's route. The navigation table (navigation.ts) lists
 * each module once and builds from it the menu item, the route of `list` at
 * `/{path}` and the sub-routes: `create` at `/{path}/create`, `edit` or
 * `show` at `/{path}/{id}`. Every page is loaded lazily, so the modules cost
 * the login screen nothing but this table. A list whose records are created
 * and edited in modals (docs/product.md#screens-and-routes) opens them from the list's own sub-paths
 * (useDialogRoute), as react-admin's CRM does its deals.
 */
interface ScreenModuleBase {
  /** the spec's route, without the leading slash; none: a resource shown only inside other screens */
  path?: string;
  /** the screen at `/{path}` */
  list?: PageLoader;
  /** a new record's page at `/{path}/create` */
  create?: PageLoader;
  /** a record's page at `/{path}/{id}`; a module has edit or show, not both */
  edit?: PageLoader;
  show?: PageLoader;
  /** The operation that shows the menu item and opens the routes; default a resource's `list`, none: any logged-in user. */
  access?: AccessRequest;
  /** asks for the screen's first data when the console starts on it (AppRoot) */
  prefetch?: () => void;
}

/** A react-admin resource: registered as a <Resource>, its pages work in its resource context. */
export interface ResourceModule extends ScreenModuleBase {
  name: ResourceName;
  icon: ComponentType;
  recordRepresentation: string | ((record: RaRecord) => string);
}

/** A custom page (Home, Profile, Audit, Eco Assets, Fleet, Admin): the same shape without a resource. */
export interface PageModule extends ScreenModuleBase {
  name?: undefined;
  path: string;
}

export type ScreenModule = ResourceModule | PageModule;

/** The operation guarding a module's routes and menu item. */
export function accessOf(module: ScreenModule): AccessRequest | undefined {
  return module.access ?? (module.name ? { resource: module.name, action: 'list' } : undefined);
}

/**
 * A module's routes, each with the page it loads: its list at `/{path}/*`
 * (the `/*` leaves room for the list's own sub-paths, its dialogs' URLs), a
 * new record at `/{path}/create`, a record at `/{path}/{id}`; react-router
 * prefers the more specific path.
 */
export function routesOf(module: ScreenModule): { path: string; load: PageLoader }[] {
  const { path, list, create } = module;
  const record = module.edit ?? module.show;
  if (!path) return [];
  return [
    ...(list ? [{ path: `/${path}/*`, load: list }] : []),
    ...(create ? [{ path: `/${path}/create`, load: create }] : []),
    ...(record ? [{ path: `/${path}/:id`, load: record }] : []),
  ];
}
