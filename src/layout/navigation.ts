/**
 * The one table of the console's screens: menu group → item (label key and
 * the feature's screen module). Each module (resourceModule.ts) carries its
 * spec path, its pages and its operation; the top menu shows an item only
 * when canAccess allows its operation (docs/roles.md#what-each-rule-shows), and routes.tsx makes the
 * guarded, lazily loaded routes of every module listed here.
 */
import { admin, changes } from '../admin';
import { auditHistory, proposeAudit, reviewAudit } from '../audits';
import { batches } from '../batches';
import { canAccess, type AccessRequest } from '../domain/operations';
import type { Rule } from '../domain/rules';
import { ecoAssetProvenance, minting, reviewEcoAssets } from '../eco-assets';
import { facilities } from '../facilities';
import { fleet } from '../fleet';
import { home } from '../home';
import { archivedKilnLogs, kilnLogs } from '../kiln-logs';
import { kilns } from '../kilns';
import { profile } from '../profile';
import { users } from '../users';
import type { PageLoader } from './pageLoader';
import { accessOf, type ResourceModule, type ScreenModule } from './resourceModule';

export interface NavItem {
  /** Message key of the menu label. */
  label: string;
  /** Route path (the spec's), without the leading slash. */
  path: string;
  /** a react-admin resource's screen, or a custom page (Home, Profile, Audit, Eco Assets, Fleet, Admin) */
  kind: 'resource' | 'custom';
  /** the resource of a resource screen */
  resource?: ResourceModule['name'];
  /** The operation that shows the item and opens its route (domain/operations.ts); none: any logged-in user. */
  access?: AccessRequest;
  /** the module's list page, shown at the path */
  load: PageLoader;
  /** asks for the screen's first data when the console starts on it (AppRoot) */
  prefetch?: () => void;
  module: ScreenModule;
}

export interface NavGroup {
  /** Message key of the group's menu button. */
  label: string;
  items: readonly NavItem[];
}

/** A menu item: the module's list page at its path. */
function menuItem(label: string, module: ScreenModule): NavItem {
  const { path, list, name, prefetch } = module;
  if (!path || !list) throw new Error(`The screen ${label} has no path or list page.`);
  const access = accessOf(module);
  return {
    label,
    path,
    kind: name ? 'resource' : 'custom',
    ...(name ? { resource: name } : {}),
    ...(access ? { access } : {}),
    load: list,
    ...(prefetch ? { prefetch } : {}),
    module,
  };
}

export const NAVIGATION: readonly NavGroup[] = [
  {
    label: 'menu.home',
    items: [menuItem('menu.home', home), menuItem('menu.profile', profile)],
  },
  {
    label: 'menu.configure',
    items: [
      menuItem('menu.facilities', facilities),
      menuItem('menu.kilns', kilns),
      menuItem('menu.users', users),
      menuItem('menu.admin', admin),
    ],
  },
  {
    label: 'menu.analyse',
    items: [
      menuItem('menu.kilnLogs', kilnLogs),
      menuItem('menu.archivedKilnLogs', archivedKilnLogs),
      menuItem('menu.fleet', fleet),
      menuItem('menu.batches', batches),
    ],
  },
  {
    label: 'menu.audit',
    items: [
      menuItem('menu.proposeAudit', proposeAudit),
      menuItem('menu.carbonRemovals', reviewAudit),
      menuItem('menu.auditHistory', auditHistory),
    ],
  },
  {
    label: 'menu.ecoAssets',
    items: [menuItem('menu.reviewEcoAssets', reviewEcoAssets), menuItem('menu.minting', minting)],
  },
];

export const NAV_ITEMS: readonly NavItem[] = NAVIGATION.flatMap((group) => group.items);

/**
 * Modules with routes but no menu item: Recent Changes' editors (Admin's
 * sub-paths) and an eco asset's provenance, reached from where it is shown.
 */
const LINKED_MODULES: readonly ScreenModule[] = [changes, ecoAssetProvenance];

/** Every screen module, once: routes.tsx routes them, App.tsx registers the resources among them. */
export const SCREEN_MODULES: readonly ScreenModule[] = [...NAV_ITEMS.map(({ module }) => module), ...LINKED_MODULES];

export const HOME_PATH = '/home';

/** The item whose screen this path shows (its routes take sub-paths too), if any. */
export function navItemAt(pathname: string): NavItem | undefined {
  return NAV_ITEMS.find(({ path }) => pathname === `/${path}` || pathname.startsWith(`/${path}/`));
}

function isAllowed(item: NavItem, rules: readonly Rule[] | undefined): boolean {
  return !item.access || canAccess(rules, item.access);
}

/** The menu for these rules: the items they grant, and only the groups left with an item. */
export function visibleNavigation(rules: readonly Rule[] | undefined): NavGroup[] {
  return NAVIGATION.map((group) => ({ ...group, items: group.items.filter((item) => isAllowed(item, rules)) })).filter(
    (group) => group.items.length > 0,
  );
}
