/**
 * Which rule guards each operation of the console and the API: resource →
 * action → the {action, subject} rule of rules.ts, and whether a facility
 * admin reaches only the facilities they own (docs/roles.md#facility-scope). The
 * console asks only through canAccess(); the server can guard its routes from
 * the same table. Pure data and functions: no React, no browser.
 */
import { can, isFacilityBound, type Action, type Rule, type Subject } from './rules';

/** The resources of the console, named as react-admin names them. */
export const RESOURCES = {
  kilns: 'kilns',
  facilities: 'facilities',
  facilityChanges: 'facility_changes',
  photos: 'photos',
  statements: 'statements',
  kilnLogs: 'kiln_logs',
  archivedKilnLogs: 'archived_kiln_logs',
  changes: 'changes',
  users: 'users',
  audits: 'audits',
  auditProposals: 'audit_proposals',
  potentialAuditLogs: 'potential_audit_logs',
  auditableLogs: 'auditable_logs',
  auditedLogs: 'audited_logs',
  ecoAssets: 'eco_assets',
  ecoAllocations: 'eco_allocations',
  statistics: 'statistics',
  profile: 'profile',
  fleet: 'fleet',
  batches: 'batches',
  labResults: 'lab_results',
  endUses: 'end_uses',
  labs: 'labs',
  methodologies: 'methodologies',
  credits: 'credits',
} as const;

export type ResourceName = (typeof RESOURCES)[keyof typeof RESOURCES];

/** react-admin's own actions, plus the one-click commands of the kiln logs and the uploads. */
export type OperationAction =
  | 'list'
  | 'show'
  | 'create'
  | 'edit'
  | 'delete'
  | 'export'
  | 'archive'
  | 'restore'
  | 'analyse'
  | 'download'
  | 'upload'
  | 'approve'
  | 'assign'
  | 'certify'
  | 'release'
  | 'grantSuperAdmin'
  | 'reassign';

export interface Operation {
  /** the rule the session must hold; null: any logged-in user */
  rule: Rule | null;
  /** a facility admin reaches only records of facilities whose owner_id is their user id */
  ownedFacilitiesOnly: boolean;
}

const guard = (action: Action, subject: Subject, ownedFacilitiesOnly = false): Operation => ({
  rule: { action, subject },
  ownedFacilitiesOnly,
});
const anyUser: Operation = { rule: null, ownedFacilitiesOnly: false };

// reading a list also allows exporting what it shows
const readable = (subject: Subject, owned = false) => ({
  list: guard('read', subject, owned),
  show: guard('read', subject, owned),
  export: guard('read', subject, owned),
});

export const OPERATIONS: Readonly<Record<ResourceName, Partial<Record<OperationAction, Operation>>>> = {
  // a kiln id a facility admin registers is pending until approved (docs/roles.md#numbers-that-credit-a-facility)
  kilns: {
    ...readable('kiln', true),
    create: guard('create', 'kiln', true),
    edit: guard('update', 'kiln', true),
    approve: guard('certify', 'kiln'),
  },
  // adding a facility is the super-admin's only (docs/roles.md#numbers-that-credit-a-facility: create facility); so are its GPS box and
  // carbon factors (certify) and the trail of their changes
  facilities: {
    ...readable('facility', true),
    create: guard('create', 'facility'),
    edit: guard('update', 'facility', true),
    certify: guard('certify', 'facility'),
    // giving a facility to another owner, or taking it from one: a facility admin may not give its facilities away
    reassign: guard('manage', 'facility'),
  },
  facility_changes: { list: guard('certify', 'facility') },
  photos: { show: guard('read', 'facility', true), upload: guard('upload', 'photo', true) },
  // a facility's signed statement: uploading one edits the facility
  statements: { show: guard('read', 'facility', true), upload: guard('update', 'facility', true) },
  kiln_logs: {
    ...readable('kilnlog', true),
    download: guard('read', 'kilnlog', true),
    upload: guard('create', 'kilnlog'),
    analyse: guard('update', 'kilnlog', true),
    archive: guard('update', 'kilnlog', true),
    // filing a log that named no registered kiln under one
    assign: guard('certify', 'kilnlog'),
  },
  archived_kiln_logs: {
    ...readable('kilnlog', true),
    download: guard('read', 'kilnlog', true),
    restore: guard('update', 'kilnlog', true),
  },
  // everyone reads Recent Changes on Home; the Admin screen edits them
  changes: {
    list: anyUser,
    show: guard('update', 'statistics'),
    create: guard('update', 'statistics'),
    edit: guard('update', 'statistics'),
    delete: guard('update', 'statistics'),
  },
  users: {
    list: guard('read', 'user'),
    show: guard('read', 'user'),
    export: guard('read', 'user'),
    create: guard('create', 'user'),
    edit: guard('update', 'user'),
    delete: guard('delete', 'user'),
    // a super-admin alone releases an account a user-admin handed over (accountRelease.ts)
    release: guard('manage', 'user'),
    // and alone makes, changes, removes or sets the password of a super-admin: a user-admin would otherwise make itself one
    grantSuperAdmin: guard('manage', 'user'),
  },
  // a facility admin reads only its own facilities' audits (docs/roles.md#facility-scope)
  audits: { ...readable('audit', true), create: guard('create', 'audit', true) },
  // proposals not yet signed off (Carbon Removals reads them; proposing and signing off create an audit)
  audit_proposals: { list: guard('read', 'audit', true), create: guard('create', 'audit', true) },
  // the burns a proposal may take are seen only by those who may propose
  potential_audit_logs: { list: guard('create', 'audit', true) },
  auditable_logs: { list: guard('read', 'audit', true) },
  audited_logs: { list: guard('read', 'audit', true) },
  // the buffer share every mint withholds decides what is issued: a super-admin's (certify)
  eco_assets: { ...readable('eco-asset'), create: guard('create', 'eco-asset'), certify: guard('certify', 'eco-asset') },
  // an eco asset's allocations, one per signed-off audit it draws on
  eco_allocations: { list: guard('read', 'eco-asset') },
  statistics: { show: guard('update', 'statistics'), edit: guard('update', 'statistics') },
  // one's own profile and password
  profile: { show: anyUser, edit: anyUser },
  // the Fleet screen reads burns; marking an anomaly checked is a kiln file admin's judgement on a burn
  fleet: { list: guard('read', 'kilnlog', true), edit: guard('update', 'kilnlog', true) },
  // production batches (issue 43): a facility admin makes and completes those of its own facilities (closing one, its
  // emissions, its end uses); reading one reads its lab results and end uses too
  batches: { ...readable('batch', true), create: guard('create', 'batch', true), edit: guard('update', 'batch', true) },
  // a lab result is a kiln file admin's or a super-admin's to record, never a facility admin's
  lab_results: { list: guard('read', 'batch', true), show: guard('read', 'batch', true), create: guard('create', 'lab-result', true) },
  end_uses: { list: guard('read', 'batch', true), show: guard('read', 'batch', true), create: guard('update', 'batch', true) },
  // the laboratories and their keys decide which results are lab-signed: a super-admin's to register (no other role holds create lab)
  labs: { list: guard('read', 'lab'), create: guard('create', 'lab'), certify: guard('create', 'lab') },
  // the rulebooks are the standards' published constants with their sources: every signed-in user reads them (docs/roles.md)
  methodologies: { list: anyUser },
  // what each methodology credits for a batch is read with the batch (docs/methodologies.md)
  credits: { list: guard('read', 'batch', true) },
};

export interface AccessRequest {
  resource: string;
  action: string;
}

/** The operation of a request; undefined when the table has none (refused). */
export function operationFor({ resource, action }: AccessRequest): Operation | undefined {
  const actions: Partial<Record<string, Operation>> | undefined = (OPERATIONS as Record<string, (typeof OPERATIONS)[ResourceName]>)[
    resource
  ];
  return actions?.[action];
}

/**
 * Whether rules allow an operation. Anything not in the table is refused, so a
 * new screen is hidden until its operations are written here.
 */
export function canAccess(rules: readonly Rule[] | undefined, request: AccessRequest): boolean {
  const operation = operationFor(request);
  if (!operation || !Array.isArray(rules)) return false;
  return operation.rule === null || can(rules, operation.rule.action, operation.rule.subject);
}

/** Whether a caller of `role` is limited to their own facilities for this operation. */
export function limitedToOwnFacilities(role: number, request: AccessRequest): boolean {
  return isFacilityBound(role) && operationFor(request)?.ownedFacilitiesOnly === true;
}
