import { describe, expect, it } from 'vitest';
import { ROLE_RULES, rulesForRole, type Rule } from '../../../src/domain/rules';
import { canAccess, ruleFor } from '../../../src/providers/canAccess';

describe('canAccess: react-admin resource and action names mapped onto rules', () => {
  it.each([
    ['kiln_reg', 'list', 'read', 'kiln'],
    ['kilns', 'edit', 'update', 'kiln'],
    ['facilities', 'show', 'read', 'facility'],
    ['kiln_logs', 'list', 'read', 'kilnlog'],
    ['archived_kiln_logs', 'list', 'read', 'kilnlog'],
    ['users', 'create', 'create', 'user'],
    ['admin', 'edit', 'update', 'statistics'],
    ['audits', 'delete', 'delete', 'audit'],
    ['eco-assets', 'create', 'create', 'eco-asset'],
    ['photos', 'upload', 'upload', 'photo'],
    ['facility', 'read', 'read', 'facility'],
  ])('%s/%s → %s %s', (resource, action, ruleAction, subject) => {
    expect(ruleFor({ resource, action })).toEqual({ action: ruleAction, subject });
  });

  it('manage/all grants everything', () => {
    const rules: Rule[] = [{ action: 'manage', subject: 'all' }];
    expect(canAccess(rules, { resource: 'users', action: 'delete' })).toBe(true);
    expect(canAccess(rules, { resource: 'eco-assets', action: 'create' })).toBe(true);
  });

  it('manage on one subject grants every action on it only', () => {
    const rules: Rule[] = [{ action: 'manage', subject: 'kiln' }];
    expect(canAccess(rules, { resource: 'kilns', action: 'delete' })).toBe(true);
    expect(canAccess(rules, { resource: 'facilities', action: 'list' })).toBe(false);
  });

  it('an action on all subjects grants that action only', () => {
    const rules: Rule[] = [{ action: 'read', subject: 'all' }];
    expect(canAccess(rules, { resource: 'audits', action: 'list' })).toBe(true);
    expect(canAccess(rules, { resource: 'audits', action: 'create' })).toBe(false);
  });

  it('no rules, no access', () => {
    expect(canAccess(undefined, { resource: 'facilities', action: 'list' })).toBe(false);
    expect(canAccess([], { resource: 'facilities', action: 'list' })).toBe(false);
  });
});

// DESIGN §3 against the spec §6 menu rules: [resource, action] of each menu entry
const MENU_CHECKS = {
  Facilities: ['facilities', 'list'],
  Kilns: ['kiln_reg', 'list'],
  Users: ['users', 'create'],
  Admin: ['admin', 'edit'],
  'Kiln Logs': ['kiln_logs', 'list'],
  'Archived Kiln Logs': ['archived_kiln_logs', 'list'],
  'Audit (read)': ['audits', 'list'],
  'Propose Audit': ['audits', 'create'],
  'Review Eco Assets': ['eco-assets', 'list'],
  Minting: ['eco-assets', 'create'],
} as const;

const GRANTED: Record<number, (keyof typeof MENU_CHECKS)[]> = {
  0: Object.keys(MENU_CHECKS) as (keyof typeof MENU_CHECKS)[],
  1: [],
  2: ['Users'],
  3: ['Facilities', 'Kilns', 'Kiln Logs', 'Archived Kiln Logs', 'Audit (read)', 'Propose Audit'],
  4: ['Facilities', 'Kilns', 'Kiln Logs', 'Archived Kiln Logs', 'Audit (read)'],
  5: ['Facilities', 'Audit (read)', 'Review Eco Assets', 'Minting'],
};

describe('each role of DESIGN §3 against the menu rules', () => {
  it('covers every role of the table', () => {
    expect(Object.keys(GRANTED)).toEqual(Object.keys(ROLE_RULES));
  });

  it.each(Object.entries(GRANTED))('role %s', (role, granted) => {
    const rules = rulesForRole(Number(role));
    const allowed = Object.entries(MENU_CHECKS)
      .filter(([, [resource, action]]) => canAccess(rules, { resource, action }))
      .map(([name]) => name);
    expect(allowed).toEqual(granted);
  });

  it('role 4 may create and edit kilns and edit facilities, role 3 may not', () => {
    expect(canAccess(rulesForRole(4), { resource: 'kilns', action: 'create' })).toBe(true);
    expect(canAccess(rulesForRole(4), { resource: 'facilities', action: 'edit' })).toBe(true);
    expect(canAccess(rulesForRole(3), { resource: 'kilns', action: 'create' })).toBe(false);
    expect(canAccess(rulesForRole(3), { resource: 'facilities', action: 'edit' })).toBe(false);
  });
});
