import { describe, expect, it } from 'vitest';
import { rulesForRole } from '../../../src/domain/rules';
import { i18nProvider } from '../../../src/providers/i18nProvider';
import { NAV_ITEMS, NAVIGATION, navItemAt, SCREEN_MODULES, visibleNavigation } from '../../../src/layout/navigation';
import { routesOf } from '../../../src/layout/resourceModule';

const t = (key: string) => i18nProvider.translate(key);

/** The menu a role sees, as visible labels: {group: [items]}. */
const menuFor = (role: number) =>
  Object.fromEntries(visibleNavigation(rulesForRole(role)).map((g) => [t(g.label), g.items.map((i) => t(i.label))]));

describe('the navigation table', () => {
  it('has the spec §2 routes, each once', () => {
    expect(NAV_ITEMS.map((i) => i.path).sort()).toEqual(
      [
        'home',
        'profile',
        'facilities',
        'kiln_reg',
        'kiln_logs',
        'archived_kiln_logs',
        'fleet',
        'batches',
        'users',
        'admin',
        'audit/create',
        'audit/review',
        'audit/history',
        'eco-assets/review',
        'eco-assets/create',
      ].sort(),
    );
  });

  it('has the spec §2 menu in order, every label in the catalogue', () => {
    expect(NAVIGATION.map((g) => [t(g.label), g.items.map((i) => t(i.label))])).toEqual([
      ['Home', ['Home', 'Profile']],
      ['Configure', ['Facilities', 'Kilns', 'Users', 'Admin']],
      ['Analyse', ['Kiln Logs', 'Archived Kiln Logs', 'Fleet', 'Batches']],
      ['Audit', ['Propose Audit', 'Carbon Removals', 'Audit History']],
      ['Eco Assets', ['Review Eco Assets', 'Minting']],
    ]);
  });

  // the first import of every screen transforms most of the console: seconds on a loaded machine
  it('loads every page as a module with a default export', { timeout: 30000 }, async () => {
    for (const item of NAV_ITEMS) {
      await expect(item.load(), item.path).resolves.toHaveProperty('default', expect.any(Function));
    }
  });
});

describe('the menu each role sees (spec §6 rules, DESIGN §3 roles)', () => {
  const home = { Home: ['Home', 'Profile'] };

  it('role 0 (super-admin, manage all) sees everything', () => {
    expect(menuFor(0)).toEqual({
      ...home,
      Configure: ['Facilities', 'Kilns', 'Users', 'Admin'],
      Analyse: ['Kiln Logs', 'Archived Kiln Logs', 'Fleet', 'Batches'],
      Audit: ['Propose Audit', 'Carbon Removals', 'Audit History'],
      'Eco Assets': ['Review Eco Assets', 'Minting'],
    });
  });

  it('role 1 (kiln file uploader) sees only Home', () => {
    expect(menuFor(1)).toEqual(home);
  });

  it('role 2 (user-admin) sees Users', () => {
    expect(menuFor(2)).toEqual({ ...home, Configure: ['Users'] });
  });

  it('role 3 (kiln file admin) sees Analyse and Audit with Propose Audit, no Eco Assets', () => {
    expect(menuFor(3)).toEqual({
      ...home,
      Configure: ['Facilities', 'Kilns'],
      Analyse: ['Kiln Logs', 'Archived Kiln Logs', 'Fleet', 'Batches'],
      Audit: ['Propose Audit', 'Carbon Removals', 'Audit History'],
    });
  });

  it('role 4 (facility admin) sees Audit without Propose Audit', () => {
    expect(menuFor(4)).toEqual({
      ...home,
      Configure: ['Facilities', 'Kilns'],
      Analyse: ['Kiln Logs', 'Archived Kiln Logs', 'Fleet', 'Batches'],
      Audit: ['Carbon Removals', 'Audit History'],
    });
  });

  it('role 5 (eco-asset broker) sees Eco Assets with Minting', () => {
    expect(menuFor(5)).toEqual({
      ...home,
      Configure: ['Facilities'],
      Analyse: ['Batches'],
      Audit: ['Carbon Removals', 'Audit History'],
      'Eco Assets': ['Review Eco Assets', 'Minting'],
    });
  });

  it('an unknown role (no rules) sees only Home', () => {
    expect(menuFor(9)).toEqual(home);
  });
});

describe('one resource model', () => {
  it('every screen of the navigation table is a resource module or a custom page module of the same shape', async () => {
    const { RESOURCE_MODULES } = await import('../../../src/layout/resources');
    const registered = new Map(RESOURCE_MODULES.map((m) => [m.name, m]));
    for (const item of NAV_ITEMS) {
      expect(item.path, item.label).toBe(item.module.path);
      // the route loads the module's own list screen
      expect(item.load).toBe(item.module.list);
      if (item.kind === 'resource') {
        const module = registered.get(item.resource as never);
        expect(module, item.path).toBe(item.module);
        // guarded by the resource's list operation, but Users by 'create user' (docs/roles.md#what-each-rule-shows)
        expect(item.access).toEqual(
          item.resource === 'users' ? { resource: 'users', action: 'create' } : { resource: item.resource, action: 'list' },
        );
      } else {
        expect(item.kind, item.path).toBe('custom');
        expect(item.resource).toBeUndefined();
        expect(item.module.name).toBeUndefined();
      }
    }
    expect(NAV_ITEMS.filter((i) => i.kind === 'resource').map((i) => i.resource)).toEqual([
      'facilities',
      'kilns',
      'users',
      'kiln_logs',
      'archived_kiln_logs',
      'batches',
    ]);
  });

  it('every module is listed once, and every resource module has an icon, a record representation and a screen unless shown inside another', async () => {
    const { RESOURCE_MODULES } = await import('../../../src/layout/resources');
    expect(new Set(SCREEN_MODULES).size).toBe(SCREEN_MODULES.length);
    expect(RESOURCE_MODULES.map((m) => m.name).sort()).toEqual([
      'archived_kiln_logs',
      'batches',
      'changes',
      'facilities',
      'kiln_logs',
      'kilns',
      'users',
    ]);
    for (const module of RESOURCE_MODULES) {
      expect(module.icon, module.name).toBeDefined();
      expect(module.recordRepresentation, module.name).toBeTruthy();
      const screen = NAV_ITEMS.find((item) => item.resource === module.name);
      if (module.list) expect(screen, module.name).toBeDefined();
      // Recent Changes show on Home and Admin, and are edited on Admin's sub-paths
      else expect(module.name).toBe('changes');
    }
  });

  it("yields exactly the spec §2 routes, the Users, Recent Changes, burn and provenance sub-routes and the Kiln Registry's and Facilities' dialog paths under their lists", () => {
    const routes = SCREEN_MODULES.flatMap(routesOf).map((route) => route.path);
    expect(routes).toEqual([
      '/home/*',
      '/profile/*',
      '/facilities/*',
      '/kiln_reg/*',
      '/users/*',
      '/users/create',
      '/users/:id',
      '/admin/*',
      '/kiln_logs/*',
      '/kiln_logs/:id',
      '/archived_kiln_logs/*',
      '/fleet/*',
      '/batches/*',
      '/batches/:id',
      '/audit/create/*',
      '/audit/review/*',
      '/audit/history/*',
      '/eco-assets/review/*',
      '/eco-assets/create/*',
      '/admin/changes/create',
      '/admin/changes/:id',
      '/eco-assets/:id',
    ]);
    // each list route is its menu item's path, so the menu and the routes cannot drift apart
    expect(NAV_ITEMS.map((i) => `/${i.path}/*`)).toEqual(routes.filter((r) => r.endsWith('/*')));
  });

  it('loads every sub-route page as a module with a default export', { timeout: 30000 }, async () => {
    for (const route of SCREEN_MODULES.flatMap(routesOf)) {
      await expect(route.load(), route.path).resolves.toHaveProperty('default', expect.any(Function));
    }
  });

  it("finds the screen a path shows, its sub-paths included, for the console's start to fetch it early", () => {
    expect(navItemAt('/home')?.path).toBe('home');
    expect(navItemAt('/audit/history')?.path).toBe('audit/history');
    expect(navItemAt('/kiln_logs/123/show')?.path).toBe('kiln_logs');
    expect(navItemAt('/home')?.prefetch).toBeTypeOf('function');
    expect(navItemAt('/kiln_logsx')).toBeUndefined();
    expect(navItemAt('/')).toBeUndefined();
    expect(navItemAt('/login')).toBeUndefined();
  });
});
