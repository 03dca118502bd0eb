/**
 * The one table of the console's screens: menu group → item → label key →
 * path → operation → page. Each item is a react-admin resource's list (its
 * feature's resource module) or a declared custom page. The top menu shows an
 * item only when canAccess allows its operation (spec §6), and routes.tsx
 * makes one guarded, lazily loaded route per item at the spec's path.
 */
import { canAccess, RESOURCES, type AccessRequest } from '../domain/operations';
import type { Rule } from '../domain/rules';
import { facilities } from '../facilities';
import { prefetchRecentChanges } from '../home/recentChangesFetch';
import { archivedKilnLogs, kilnLogs } from '../kiln-logs';
import { kilns } from '../kilns';
import { pageLoader, type PageImport, type PageLoader } from './pageLoader';
import type { ResourceModule } from './resourceModule';

export interface NavItem {
  /** Message key of the menu label. */
  label: string;
  /** Route path (the spec's), without the leading slash. */
  path: string;
  /** a resource's list screen, or a custom page (not a resource: Home, Profile, the screens not built yet) */
  kind: 'resource' | 'custom';
  /** the resource of a resource screen */
  resource?: ResourceModule['name'];
  /** The operation that shows the item and opens its route (domain/operations.ts); none: any logged-in user. */
  access?: AccessRequest;
  load: PageLoader;
  /** asks for the screen's first data when the console starts on it (AppRoot) */
  prefetch?: () => void;
}

export interface NavGroup {
  /** Message key of the group's menu button. */
  label: string;
  items: readonly NavItem[];
}

/** A resource's list screen, guarded by the resource's own list operation. */
function resourceScreen(label: string, path: string, module: ResourceModule): NavItem {
  if (!module.list) throw new Error(`Resource ${module.name} has no list screen.`);
  return { label, path, kind: 'resource', resource: module.name, access: { resource: module.name, action: 'list' }, load: module.list };
}

/** A page that is not a resource's list. */
function customPage(label: string, path: string, load: PageImport, access?: AccessRequest): NavItem {
  return { label, path, kind: 'custom', load: pageLoader(load), ...(access ? { access } : {}) };
}

export const NAVIGATION: readonly NavGroup[] = [
  {
    label: 'menu.home',
    items: [
      { ...customPage('menu.home', 'home', () => import('../home/HomePage')), prefetch: prefetchRecentChanges },
      customPage('menu.profile', 'profile', () => import('../profile/ProfilePage')),
    ],
  },
  {
    label: 'menu.configure',
    items: [
      resourceScreen('menu.facilities', 'facilities', facilities),
      resourceScreen('menu.kilns', 'kiln_reg', kilns),
      customPage('menu.users', 'users', () => import('../users/UsersPage'), { resource: RESOURCES.users, action: 'create' }),
      customPage('menu.admin', 'admin', () => import('../admin/AdminPage'), { resource: RESOURCES.statistics, action: 'edit' }),
    ],
  },
  {
    label: 'menu.analyse',
    items: [
      resourceScreen('menu.kilnLogs', 'kiln_logs', kilnLogs),
      resourceScreen('menu.archivedKilnLogs', 'archived_kiln_logs', archivedKilnLogs),
      customPage('menu.fleet', 'fleet', () => import('../fleet/FleetPage'), { resource: RESOURCES.fleet, action: 'list' }),
    ],
  },
  {
    label: 'menu.audit',
    items: [
      customPage('menu.proposeAudit', 'audit/create', () => import('../audits/ProposeAuditPage'), { resource: RESOURCES.audits, action: 'create' }),
      customPage('menu.carbonRemovals', 'audit/review', () => import('../audits/ReviewAuditPage'), { resource: RESOURCES.audits, action: 'list' }),
      customPage('menu.auditHistory', 'audit/history', () => import('../audits/AuditHistoryPage'), { resource: RESOURCES.audits, action: 'list' }),
    ],
  },
  {
    label: 'menu.ecoAssets',
    items: [
      customPage('menu.reviewEcoAssets', 'eco-assets/review', () => import('../eco-assets/ReviewEcoAssetsPage'), { resource: RESOURCES.ecoAssets, action: 'list' }),
      customPage('menu.minting', 'eco-assets/create', () => import('../eco-assets/MintingPage'), { resource: RESOURCES.ecoAssets, action: 'create' }),
    ],
  },
];

export const NAV_ITEMS: readonly NavItem[] = NAVIGATION.flatMap((group) => group.items);

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
