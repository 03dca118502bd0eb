/**
 * The one table of where each react-admin resource lives in the API
 * (docs/product.md#calls, docs/product.md#calls-beyond-the-specification). Regular resources are simple REST at a path; the
 * Configure lists are answered whole by one call, so they are paged, sorted
 * and filtered in the browser, and saved by POST to /add and /edit, whose
 * `{status: 1}` answer is checked here once for all.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, GetListParams, RaRecord } from 'react-admin';
import type { FacilityListResponse, KilnRegistryResponse } from '../domain/api/configure';
import { RESOURCES, type ResourceName } from '../domain/operations';
import { API_URL, apiFetch, httpClient } from './httpClient';
import { ALL_ROWS, listedInBrowser } from './listedInBrowser';
import { currentSession, uidQueryValue } from './session';
import { postForStatus } from './statusCall';
import { AUDIT_ENDPOINTS } from './auditEndpoints';
import { ECO_ASSET_ENDPOINTS } from './ecoAssetEndpoints';

export type ResourceEndpoint = Partial<DataProvider>;

/** Simple REST for a resource whose API path differs from its name (kiln_logs at /api/kilnlogs, changes at /api/admin/changes). */
export function simpleRestAt(path: string): ResourceEndpoint {
  const rest = simpleRestProvider(API_URL, httpClient);
  return {
    getList: (_resource, params) => rest.getList(path, params),
    getOne: (_resource, params) => rest.getOne(path, params),
    getMany: (_resource, params) => rest.getMany(path, params),
    getManyReference: (_resource, params) => rest.getManyReference(path, params),
    create: (_resource, params) => rest.create(path, params),
    update: (_resource, params) => rest.update(path, params),
    updateMany: (_resource, params) => rest.updateMany(path, params),
    delete: (_resource, params) => rest.delete(path, params),
    deleteMany: (_resource, params) => rest.deleteMany(path, params),
  };
}

/** The fields of a saved record the API takes on update (a form sends the whole record back). */
function updatingOnly(endpoint: ResourceEndpoint, fields: readonly string[]): ResourceEndpoint {
  const pick = (data: Record<string, unknown>) => Object.fromEntries(fields.filter((f) => data[f] !== undefined).map((f) => [f, data[f]]));
  return {
    ...endpoint,
    update: (resource, params) => endpoint.update!(resource, { ...params, data: pick(params.data) }),
  };
}

/** A resource whose records the console never deletes: react-admin's delete fails before any call rather than reach the API. */
function withoutDelete(endpoint: ResourceEndpoint): ResourceEndpoint {
  const refuse = () => Promise.reject(new Error('These records are not deleted.'));
  return { ...endpoint, delete: refuse, deleteMany: refuse };
}

interface WholeList<R extends RaRecord, J> {
  /** the GET answering every row (a function when it carries a query) */
  list: string | (() => string);
  rows: (json: J) => R[];
  /** what else the answer carries (choices for the forms), as the getList result's meta */
  meta?: (json: J) => Record<string, unknown>;
  /** POST paths of a new record and a changed one; absent: read-only */
  add?: string;
  edit?: string;
  /** finds the record just added among the rows (the add answers only `{status: 1}`) */
  isCreated?: (row: R, data: Partial<R>) => boolean;
}

/** A resource the API answers whole: read once per call, paged and sorted here; saved through /add and /edit. */
export function wholeList<R extends RaRecord, J>(endpoint: WholeList<R, J>): ResourceEndpoint {
  const read = async () => {
    const json = (await apiFetch(typeof endpoint.list === 'string' ? endpoint.list : endpoint.list())).json as J;
    return { rows: endpoint.rows(json), meta: endpoint.meta?.(json) };
  };
  const readOne = async (id: RaRecord['id']) => {
    const { rows } = await read();
    const row = rows.find((r) => String(r.id) === String(id));
    if (!row) throw new Error(`No record ${String(id)}.`);
    return row;
  };
  const saving = (path: string | undefined): string => {
    if (!path) throw new Error('This resource cannot be changed.');
    return path;
  };
  return {
    getList: async (_resource, params: GetListParams) => {
      const { rows, meta } = await read();
      // every row rides along (it was read anyway): a screen's forms take their choices from the list's own call
      return { ...listedInBrowser(rows, params), meta: { ...meta, [ALL_ROWS]: rows } };
    },
    getOne: async (_resource, { id }) => ({ data: await readOne(id) }),
    getMany: async (_resource, { ids }) => {
      const wanted = new Set(ids.map(String));
      return { data: (await read()).rows.filter((row) => wanted.has(String(row.id))) };
    },
    create: async (_resource, { data }) => {
      await postForStatus(saving(endpoint.add), { ...data, id: null });
      const created = (await read()).rows.find((row) => endpoint.isCreated?.(row, data as Partial<R>));
      if (!created) throw new Error('The new record is not in the list.');
      return { data: created };
    },
    update: async (_resource, { id, data }) => {
      await postForStatus(saving(endpoint.edit), { ...data, id });
      return { data: await readOne(id) };
    },
  } as ResourceEndpoint;
}

const sameText = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' && a.trim().toUpperCase() === b.trim().toUpperCase();

export const RESOURCE_ENDPOINTS: Readonly<Partial<Record<ResourceName, ResourceEndpoint>>> = {
  [RESOURCES.kilns]: wholeList({
    list: '/kiln/registry/list',
    rows: (json: KilnRegistryResponse) => json.kilns,
    meta: (json) => ({ facilities: json.facilities }),
    add: '/kiln/registry/add',
    edit: '/kiln/registry/edit',
    // a kiln id is unique within its facility
    isCreated: (row, data) => sameText(row.kiln_id, data.kiln_id) && row.facility_id === data.facility_id,
  }),
  [RESOURCES.facilities]: wholeList({
    // docs/roles.md#facility-scope: a facility admin sends its user id, everyone else an empty uid
    list: () => `/facilities?uid=${encodeURIComponent(uidQueryValue(currentSession()))}`,
    rows: (json: FacilityListResponse) => json.facilities,
    meta: (json) => ({ mnemonics: json.mnemonics, allowedOwners: json.allowedOwners }),
    add: '/facility/add',
    edit: '/facility/edit',
    isCreated: (row, data) => sameText(row.mnemonic, data.mnemonic),
  }),
  // no log is deleted: one leaves the live list by archive and the archived list by restore (archiveKilnLog, restoreKilnLog)
  [RESOURCES.kilnLogs]: withoutDelete(simpleRestAt('kilnlogs')),
  [RESOURCES.archivedKilnLogs]: withoutDelete(simpleRestAt('archived_kilnlogs')),
  // Home reads GET /api/changes through listRecentChanges; the Admin screen edits them here
  [RESOURCES.changes]: simpleRestAt('admin/changes'),
  // a user's name and times are not changed by a save: role, facilities, or a new password
  [RESOURCES.users]: updatingOnly(simpleRestAt('users'), ['role', 'facility_ids', 'password']),
  ...AUDIT_ENDPOINTS,
  ...ECO_ASSET_ENDPOINTS,
};
