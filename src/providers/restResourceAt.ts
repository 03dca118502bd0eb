import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { API_URL, httpClient } from './httpClient';

/**
 * Simple REST for a resource whose API path differs from its react-admin
 * name, e.g. resource 'kiln_logs' served at /api/kilnlogs.
 */
export function restResourceAt(path: string): DataProvider {
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
