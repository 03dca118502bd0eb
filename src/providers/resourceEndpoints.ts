/**
 * The one table of where each react-admin resource lives in the API
 * (docs/product.md#calls, docs/product.md#calls-beyond-the-specification). Regular resources are simple REST at a path; the
 * Configure lists are answered whole by one call, so they are paged, sorted
 * and filtered in the browser, and saved by POST to /add and /edit, whose
 * `{status: 1}` answer is checked here once for all.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, GetListParams, RaRecord } from 'react-admin';
import type { FacilitySaveRequest, KilnSaveRequest, StatusResponse } from '../domain/api/configure';
import { RESOURCES, type ResourceName } from '../domain/operations';
import { api, data } from './apiClient';
import { API_URL, httpClient } from './httpClient';
import { ALL_ROWS, listedInBrowser } from './listedInBrowser';
import { currentSession, uidQueryValue } from './session';
import { confirmedStatus } from './statusCall';
import { AUDIT_ENDPOINTS } from './auditEndpoints';
import { ECO_ASSET_ENDPOINTS } from './ecoAssetEndpoints';

export type ResourceEndpoint = Partial<DataProvider>;

/**
 * Simple REST for a resource whose API path differs from its name (kiln_logs at /api/kilnlogs, changes at /api/admin/changes):
 * ra-data-simple-rest makes these calls with its own client (httpClient), not the typed one.
 */
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

interface WholeList<R extends RaRecord, J, S> {
  /** the GET answering every row */
  list: () => Promise<J>;
  rows: (answer: J) => R[];
  /** what else the answer carries (choices for the forms), as the getList result's meta */
  meta?: (answer: J) => Record<string, unknown>;
  /** the POSTs saving a new record (id null) and a changed one, as the form sends it; absent: read-only */
  add?: (record: Partial<S>) => Promise<StatusResponse>;
  edit?: (record: Partial<S>) => Promise<StatusResponse>;
  /** finds the record just added among the rows (the add answers only `{status: 1}`) */
  isCreated?: (row: R, record: Partial<S>) => boolean;
}

/** A resource the API answers whole: read once per call, paged and sorted here; saved through /add and /edit. */
export function wholeList<R extends RaRecord, J, S>(endpoint: WholeList<R, J, S>): ResourceEndpoint {
  const read = async () => {
    const answer = await endpoint.list();
    return { rows: endpoint.rows(answer), meta: endpoint.meta?.(answer) };
  };
  const readOne = async (id: RaRecord['id']) => {
    const { rows } = await read();
    const row = rows.find((r) => String(r.id) === String(id));
    if (!row) throw new Error(`No record ${String(id)}.`);
    return row;
  };
  const saving = (save: ((record: Partial<S>) => Promise<StatusResponse>) | undefined) => {
    if (!save) throw new Error('This resource cannot be changed.');
    return save;
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
    // the form's record, sent as it is: the server checks every field
    create: async (resource: string, { data }: { data: Partial<S> }) => {
      confirmedStatus(await saving(endpoint.add)({ ...data, id: null }), `Adding to ${resource}`);
      const created = (await read()).rows.find((row) => endpoint.isCreated?.(row, data));
      if (!created) throw new Error('The new record is not in the list.');
      return { data: created };
    },
    update: async (resource: string, { id, data }: { id: RaRecord['id']; data: Partial<S> }) => {
      confirmedStatus(await saving(endpoint.edit)({ ...data, id }), `Saving ${resource} ${String(id)}`);
      return { data: await readOne(id) };
    },
  } as ResourceEndpoint;
}

const sameText = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' && a.trim().toUpperCase() === b.trim().toUpperCase();

export const RESOURCE_ENDPOINTS: Readonly<Partial<Record<ResourceName, ResourceEndpoint>>> = {
  [RESOURCES.kilns]: wholeList({
    list: () => api.GET('/kiln/registry/list').then(data),
    rows: (answer) => answer.kilns,
    meta: (answer) => ({ facilities: answer.facilities }),
    add: (kiln: KilnSaveRequest) => api.POST('/kiln/registry/add', { body: kiln }).then(data),
    edit: (kiln: KilnSaveRequest) => api.POST('/kiln/registry/edit', { body: kiln }).then(data),
    // a kiln id is unique within its facility
    isCreated: (row, kiln) => sameText(row.kiln_id, kiln.kiln_id) && row.facility_id === kiln.facility_id,
  }),
  [RESOURCES.facilities]: wholeList({
    // docs/roles.md#facility-scope: a facility admin sends its user id, everyone else an empty uid
    list: () => api.GET('/facilities', { params: { query: { uid: uidQueryValue(currentSession()) } } }).then(data),
    rows: (answer) => answer.facilities,
    meta: (answer) => ({ mnemonics: answer.mnemonics, allowedOwners: answer.allowedOwners }),
    add: (facility: FacilitySaveRequest) => api.POST('/facility/add', { body: facility }).then(data),
    edit: (facility: FacilitySaveRequest) => api.POST('/facility/edit', { body: facility }).then(data),
    isCreated: (row, facility) => sameText(row.mnemonic, facility.mnemonic),
  }),
  // no log is deleted: one leaves the live list by archive and the archived list by restore (archiveKilnLog, restoreKilnLog)
  [RESOURCES.kilnLogs]: withoutDelete(simpleRestAt('kilnlogs')),
  [RESOURCES.archivedKilnLogs]: withoutDelete(simpleRestAt('archived_kilnlogs')),
  // Home reads GET /api/changes through listRecentChanges; the Admin screen edits them here
  [RESOURCES.changes]: simpleRestAt('admin/changes'),
  // a user's name and times are not changed by a save: role, facilities, or a new password
  [RESOURCES.users]: updatingOnly(simpleRestAt('users'), ['role', 'facility_ids', 'password']),
  // a batch is never deleted nor edited as a record: closing it, its results and end uses are calls of their own (batchMethods.ts)
  [RESOURCES.batches]: withoutDelete(simpleRestAt('batches')),
  ...AUDIT_ENDPOINTS,
  ...ECO_ASSET_ENDPOINTS,
};
