/**
 * The console's data provider for the Kiln Console API. react-admin calls on a
 * resource go where RESOURCE_ENDPOINTS says (simple REST by default); the calls
 * that are not about a resource are its typed custom methods (apiMethods.ts),
 * the way react-admin's CRM example spreads them in.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import { combineDataProviders, type DataProvider } from 'react-admin';
import { apiMethods } from './apiMethods';
import { batchMethods } from './batchMethods';
import { fleetMethods } from './fleetMethods';
import { API_URL, httpClient } from './httpClient';
import { RESOURCE_ENDPOINTS } from './resourceEndpoints';

const rest = simpleRestProvider(API_URL, httpClient);

const providers = new Map<string, DataProvider>(
  Object.entries(RESOURCE_ENDPOINTS).map(([resource, endpoint]) => [resource, { ...rest, ...endpoint }]),
);

// combineDataProviders answers with a Proxy, which cannot be spread: take its methods by name.
const combined = combineDataProviders((resource) => providers.get(resource) ?? rest);

export const dataProvider = {
  getList: combined.getList,
  getOne: combined.getOne,
  getMany: combined.getMany,
  getManyReference: combined.getManyReference,
  create: combined.create,
  update: combined.update,
  updateMany: combined.updateMany,
  delete: combined.delete,
  deleteMany: combined.deleteMany,
  ...apiMethods,
  ...fleetMethods,
  ...batchMethods,
} satisfies DataProvider;

/** The type components ask for: useDataProvider<ApiDataProvider>(). */
export type ApiDataProvider = typeof dataProvider;
