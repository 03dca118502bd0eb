import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { facilitiesWithCo2 } from '../domain/minting';
import { useReportQueryFailure, type FailureTexts } from '../layout/failures';
import type { ApiDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';

// docs/product.md#error-catalogue "Eco asset list failure": the available CO2 is the list Minting mints from
export const ECO_ASSET_LIST_FAILURE: FailureTexts = { title: 'ecoAssets.listErrorTitle', other: 'ecoAssets.listErrorText' };

/** keyed under the eco_assets resource, so a mint (react-admin's create) makes it stale too */

/** GET /api/eco-asset/available_co2 as facility rows, its failure notified once. */
export function useAvailableCo2() {
  const dataProvider = useDataProvider<ApiDataProvider>();
  const query = useQuery({ queryKey: queryKeys.getAvailableCo2, queryFn: () => dataProvider.getAvailableCo2(), select: facilitiesWithCo2 });
  useReportQueryFailure(query.error, ECO_ASSET_LIST_FAILURE);
  return query;
}
