/**
 * Resource name → the data provider methods its feature maps differently from
 * simple REST (any method not given stays simple REST). A feature adds its
 * mapping here, one line, from its own folder.
 */
import type { DataProvider } from 'react-admin';
import { changesDataProvider } from '../home/changesDataProvider';
import { kilnLogDataProviders } from '../kiln-logs/kilnLogMethods';

export type ResourceDataProvider = Partial<DataProvider>;

export const resourceDataProviders: Readonly<Record<string, ResourceDataProvider>> = {
  changes: changesDataProvider,
  ...kilnLogDataProviders,
};
