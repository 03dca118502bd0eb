/**
 * The one table of the console's screens: menu group → item → label key →
 * path → operation → page. The top menu shows an item only when canAccess
 * allows its operation (spec §6), and routes.tsx makes one guarded, lazily loaded
 * route per item. A new screen is a new row here; its page module default-exports
 * the page component.
 */
import type { ComponentType } from 'react';
import { canAccess, RESOURCES, type AccessRequest } from '../domain/operations';
import type { Rule } from '../domain/rules';

export interface NavItem {
  /** Message key of the menu label. */
  label: string;
  /** Route path, without the leading slash. */
  path: string;
  /** The operation that shows the item and opens its route (domain/operations.ts); none: any logged-in user. */
  access?: AccessRequest;
  load: () => Promise<{ default: ComponentType }>;
}

export interface NavGroup {
  /** Message key of the group's menu button. */
  label: string;
  items: readonly NavItem[];
}

export const NAVIGATION: readonly NavGroup[] = [
  {
    label: 'menu.home',
    items: [
      { label: 'menu.home', path: 'home', load: () => import('../home/HomePage') },
      { label: 'menu.profile', path: 'profile', load: () => import('../profile/ProfilePage') },
    ],
  },
  {
    label: 'menu.configure',
    items: [
      {
        label: 'menu.facilities',
        path: 'facilities',
        access: { resource: RESOURCES.facilities, action: 'list' },
        load: () => import('../facilities/FacilitiesPage'),
      },
      {
        label: 'menu.kilns',
        path: 'kiln_reg',
        access: { resource: RESOURCES.kilns, action: 'list' },
        load: () => import('../kilns/KilnRegistryPage'),
      },
      {
        label: 'menu.users',
        path: 'users',
        access: { resource: RESOURCES.users, action: 'create' },
        load: () => import('../users/UsersPage'),
      },
      {
        label: 'menu.admin',
        path: 'admin',
        access: { resource: RESOURCES.statistics, action: 'edit' },
        load: () => import('../admin/AdminPage'),
      },
    ],
  },
  {
    label: 'menu.analyse',
    items: [
      {
        label: 'menu.kilnLogs',
        path: 'kiln_logs',
        access: { resource: RESOURCES.kilnLogs, action: 'list' },
        load: () => import('../kiln-logs/KilnLogsPage'),
      },
      {
        label: 'menu.archivedKilnLogs',
        path: 'archived_kiln_logs',
        access: { resource: RESOURCES.archivedKilnLogs, action: 'list' },
        load: () => import('../kiln-logs/ArchivedKilnLogsPage'),
      },
    ],
  },
  {
    label: 'menu.audit',
    items: [
      {
        label: 'menu.proposeAudit',
        path: 'audit/create',
        access: { resource: RESOURCES.audits, action: 'create' },
        load: () => import('../audits/ProposeAuditPage'),
      },
      {
        label: 'menu.carbonRemovals',
        path: 'audit/review',
        access: { resource: RESOURCES.audits, action: 'list' },
        load: () => import('../audits/ReviewAuditPage'),
      },
      {
        label: 'menu.auditHistory',
        path: 'audit/history',
        access: { resource: RESOURCES.audits, action: 'list' },
        load: () => import('../audits/AuditHistoryPage'),
      },
    ],
  },
  {
    label: 'menu.ecoAssets',
    items: [
      {
        label: 'menu.reviewEcoAssets',
        path: 'eco-assets/review',
        access: { resource: RESOURCES.ecoAssets, action: 'list' },
        load: () => import('../eco-assets/ReviewEcoAssetsPage'),
      },
      {
        label: 'menu.minting',
        path: 'eco-assets/create',
        access: { resource: RESOURCES.ecoAssets, action: 'create' },
        load: () => import('../eco-assets/MintingPage'),
      },
    ],
  },
];

export const NAV_ITEMS: readonly NavItem[] = NAVIGATION.flatMap((group) => group.items);

export const HOME_PATH = '/home';

function isAllowed(item: NavItem, rules: readonly Rule[] | undefined): boolean {
  return !item.access || canAccess(rules, item.access);
}

/** The menu for these rules: the items they grant, and only the groups left with an item. */
export function visibleNavigation(rules: readonly Rule[] | undefined): NavGroup[] {
  return NAVIGATION.map((group) => ({ ...group, items: group.items.filter((item) => isAllowed(item, rules)) })).filter(
    (group) => group.items.length > 0,
  );
}
