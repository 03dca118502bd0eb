import { describe, expect, it } from 'vitest';
import { ROLE_RULES, ROLES, rulesForRole, type Rule } from '../../../src/domain/rules';
import { canAccess, limitedToOwnFacilities, OPERATIONS, RESOURCES, type OperationAction } from '../../../src/domain/operations';

type Op = `${string}.${OperationAction}`;

/** Every operation of the table, as 'resource.action'. */
const ALL_OPERATIONS = Object.entries(OPERATIONS).flatMap(([resource, actions]) =>
  Object.keys(actions).map((action) => `${resource}.${action}` as Op),
);

const allowedFor = (rules: readonly Rule[]) =>
  ALL_OPERATIONS.filter((op) => {
    const [resource, action] = op.split('.');
    return canAccess(rules, { resource, action });
  }).sort();

const READ_KILN_LOGS: Op[] = [
  'kiln_logs.list',
  'kiln_logs.show',
  'kiln_logs.export',
  'kiln_logs.download',
  'archived_kiln_logs.list',
  'archived_kiln_logs.show',
  'archived_kiln_logs.export',
  'archived_kiln_logs.download',
];
const READ_FACILITIES: Op[] = ['facilities.list', 'facilities.show', 'facilities.export', 'photos.show', 'statements.show'];
const READ_KILNS: Op[] = ['kilns.list', 'kilns.show', 'kilns.export'];
const READ_AUDITS: Op[] = [
  'audits.list',
  'audits.show',
  'audits.export',
  'audit_proposals.list',
  'auditable_logs.list',
  'audited_logs.list',
];
const EVERYONE: Op[] = ['changes.list', 'profile.show', 'profile.edit', 'methodologies.list'];
// a batch read with its lab results, their certificates and its end uses with their evidence, and the laboratories
const READ_BATCHES: Op[] = [
  'batches.list',
  'batches.show',
  'batches.export',
  'lab_results.list',
  'lab_results.show',
  'end_uses.list',
  'end_uses.show',
  'labs.list',
  'credits.list',
];
// making a batch, closing it, its emissions and end uses
const MAKE_BATCHES: Op[] = ['batches.create', 'batches.edit', 'end_uses.create'];

// docs/roles.md#roles-and-rules roles against docs/roles.md#what-each-rule-shows: what each role may do, operation by operation
const EXPECTED: Record<number, Op[]> = {
  [ROLES.SUPER_ADMIN]: ALL_OPERATIONS,
  [ROLES.KILN_FILE_UPLOADER]: [...EVERYONE, 'kiln_logs.upload'],
  [ROLES.USER_ADMIN]: [...EVERYONE, 'users.list', 'users.show', 'users.export', 'users.create', 'users.edit', 'users.delete'],
  [ROLES.KILN_FILE_ADMIN]: [
    ...EVERYONE,
    ...READ_KILN_LOGS,
    'kiln_logs.analyse',
    'kiln_logs.archive',
    'archived_kiln_logs.restore',
    ...READ_KILNS,
    ...READ_FACILITIES,
    ...READ_AUDITS,
    'audits.create',
    'audit_proposals.create',
    'potential_audit_logs.list',
    // the Fleet screen reads burns; checking an anomaly takes update kilnlog
    'fleet.list',
    'fleet.edit',
    ...READ_BATCHES,
    ...MAKE_BATCHES,
    // and records lab results, which a facility admin never does
    'lab_results.create',
  ],
  [ROLES.FACILITY_ADMIN]: [
    ...EVERYONE,
    ...READ_FACILITIES,
    'facilities.edit',
    'statements.upload',
    'photos.upload',
    ...READ_KILNS,
    'kilns.create',
    'kilns.edit',
    ...READ_KILN_LOGS,
    ...READ_AUDITS,
    // sees its facilities' fleet and anomalies, does not clear them
    'fleet.list',
    ...READ_BATCHES,
    ...MAKE_BATCHES,
  ],
  [ROLES.ECO_ASSET_BROKER]: [
    ...EVERYONE,
    'eco_assets.list',
    'eco_assets.show',
    'eco_assets.export',
    'eco_assets.create',
    'eco_allocations.list',
    ...READ_AUDITS,
    ...READ_FACILITIES,
    ...READ_BATCHES,
  ],
};

describe('the operation table walked for every role (DESIGN §3, spec §6)', () => {
  it('covers every role of the rules table', () => {
    expect(Object.keys(EXPECTED)).toEqual(Object.keys(ROLE_RULES));
  });

  it.each(Object.entries(EXPECTED))('role %s may do exactly its operations', (role, expected) => {
    expect(allowedFor(rulesForRole(Number(role)))).toEqual([...expected].sort());
  });

  it('every resource name of the table is one of RESOURCES', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual(Object.values(RESOURCES).sort());
  });

  it('an operation missing from the table is refused, even to the super-admin', () => {
    const all = rulesForRole(ROLES.SUPER_ADMIN);
    expect(canAccess(all, { resource: 'kiln_logs', action: 'delete' })).toBe(false);
    expect(canAccess(all, { resource: 'nonsense', action: 'list' })).toBe(false);
  });

  it('no session (no rules) may do nothing, not even what any user may', () => {
    expect(canAccess(undefined, { resource: 'changes', action: 'list' })).toBe(false);
    expect(canAccess([], { resource: 'changes', action: 'list' })).toBe(true);
  });
});

describe('rules beyond the role table', () => {
  it('manage on one subject grants every operation on it only', () => {
    const rules: Rule[] = [{ action: 'manage', subject: 'kiln' }];
    expect(canAccess(rules, { resource: 'kilns', action: 'edit' })).toBe(true);
    expect(canAccess(rules, { resource: 'facilities', action: 'list' })).toBe(false);
  });

  it('an action on all subjects grants that action only', () => {
    const rules: Rule[] = [{ action: 'read', subject: 'all' }];
    expect(canAccess(rules, { resource: 'audits', action: 'list' })).toBe(true);
    expect(canAccess(rules, { resource: 'audits', action: 'create' })).toBe(false);
  });
});

describe("the facility admin's ownership condition", () => {
  it('limits the facility admin on facility-bound operations only', () => {
    expect(limitedToOwnFacilities(ROLES.FACILITY_ADMIN, { resource: 'kilns', action: 'edit' })).toBe(true);
    expect(limitedToOwnFacilities(ROLES.FACILITY_ADMIN, { resource: 'kiln_logs', action: 'list' })).toBe(true);
    expect(limitedToOwnFacilities(ROLES.FACILITY_ADMIN, { resource: 'statements', action: 'upload' })).toBe(true);
    // docs/roles.md#roles-and-rules: every rule a facility admin holds, 'read audit' included
    expect(limitedToOwnFacilities(ROLES.FACILITY_ADMIN, { resource: 'audits', action: 'list' })).toBe(true);
    expect(limitedToOwnFacilities(ROLES.FACILITY_ADMIN, { resource: 'changes', action: 'list' })).toBe(false);
  });

  it('never limits another role', () => {
    for (const role of [ROLES.SUPER_ADMIN, ROLES.KILN_FILE_ADMIN, ROLES.ECO_ASSET_BROKER]) {
      expect(limitedToOwnFacilities(role, { resource: 'kilns', action: 'edit' })).toBe(false);
    }
  });

  it('adding a facility is not a facility-bound operation (the super-admin only)', () => {
    expect(OPERATIONS.facilities.create).toEqual({ rule: { action: 'create', subject: 'facility' }, ownedFacilitiesOnly: false });
  });
});
