/**
 * The one table of the console's screens: menu group → item → label key →
 * path → rule → page. The top menu shows an item only when the session's rules
 * grant its rule (spec §6), and routes.tsx makes one guarded, lazily loaded
 * route per item. A new screen is a new row here; its page module default-exports
 * the page component.
 */
import type { ComponentType } from 'react';
import { can, type Rule } from '../domain/rules';

export interface NavItem {
  /** Message key of the menu label. */
  label: string;
  /** Route path, without the leading slash. */
  path: string;
  /** The rule that shows the item and opens its route; none: any logged-in user. */
  rule?: Rule;
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
        rule: { action: 'read', subject: 'facility' },
        load: () => import('../facilities/FacilitiesPage'),
      },
      {
        label: 'menu.kilns',
        path: 'kiln_reg',
        rule: { action: 'read', subject: 'kiln' },
        load: () => import('../kilns/KilnRegistryPage'),
      },
      {
        label: 'menu.users',
        path: 'users',
        rule: { action: 'create', subject: 'user' },
        load: () => import('../users/UsersPage'),
      },
      {
        label: 'menu.admin',
        path: 'admin',
        rule: { action: 'update', subject: 'statistics' },
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
        rule: { action: 'read', subject: 'kilnlog' },
        load: () => import('../kiln-logs/KilnLogsPage'),
      },
      {
        label: 'menu.archivedKilnLogs',
        path: 'archived_kiln_logs',
        rule: { action: 'read', subject: 'kilnlog' },
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
        rule: { action: 'create', subject: 'audit' },
        load: () => import('../audits/ProposeAuditPage'),
      },
      {
        label: 'menu.carbonRemovals',
        path: 'audit/review',
        rule: { action: 'read', subject: 'audit' },
        load: () => import('../audits/ReviewAuditPage'),
      },
      {
        label: 'menu.auditHistory',
        path: 'audit/history',
        rule: { action: 'read', subject: 'audit' },
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
        rule: { action: 'read', subject: 'eco-asset' },
        load: () => import('../eco-assets/ReviewEcoAssetsPage'),
      },
      {
        label: 'menu.minting',
        path: 'eco-assets/create',
        rule: { action: 'create', subject: 'eco-asset' },
        load: () => import('../eco-assets/MintingPage'),
      },
    ],
  },
];

export const NAV_ITEMS: readonly NavItem[] = NAVIGATION.flatMap((group) => group.items);

export const HOME_PATH = '/home';

function isAllowed(item: NavItem, rules: readonly Rule[] | undefined): boolean {
  return !item.rule || can(rules, item.rule.action, item.rule.subject);
}

/** The menu for these rules: the items they grant, and only the groups left with an item. */
export function visibleNavigation(rules: readonly Rule[] | undefined): NavGroup[] {
  return NAVIGATION.map((group) => ({ ...group, items: group.items.filter((item) => isAllowed(item, rules)) })).filter(
    (group) => group.items.length > 0,
  );
}
