/**
 * One data provider for the console. Standard react-admin calls go to the REST
 * provider of their resource: simple REST against the API unless a feature
 * registered its own mapping in resourceDataProviders.ts. Feature-specific calls
 * that are not about a resource are spread in as custom methods.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import { combineDataProviders, type DataProvider } from 'react-admin';
import { API_URL, httpClient } from './httpClient';
import { resourceDataProviders } from './resourceDataProviders';
import { passwordMethods } from '../profile/passwordMethods';
import { kilnLogMethods } from '../kiln-logs/kilnLogMethods';
import { kilnMethods } from '../kilns/kilnMethods';
import { facilityMethods } from '../facilities/facilityMethods';
import { documentMethods } from '../viewer/documentMethods';

const rest = simpleRestProvider(API_URL, httpClient);

const providers = new Map<string, DataProvider>(
  Object.entries(resourceDataProviders).map(([resource, mapping]) => [resource, { ...rest, ...mapping }]),
);

// combineDataProviders answers with a Proxy, which cannot be spread: take its methods by name.
const { getList, getOne, getMany, getManyReference, create, update, updateMany, delete: deleteOne, deleteMany } =
  combineDataProviders((resource) => providers.get(resource) ?? rest);

export const dataProvider = {
  getList,
  getOne,
  getMany,
  getManyReference,
  create,
  update,
  updateMany,
  delete: deleteOne,
  deleteMany,
  ...passwordMethods,
  ...kilnLogMethods,
  ...kilnMethods,
  ...facilityMethods,
  ...documentMethods,
} satisfies DataProvider;

export type KilnDataProvider = typeof dataProvider;
