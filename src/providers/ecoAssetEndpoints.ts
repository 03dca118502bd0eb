/**
 * Where the eco-asset resources live in the API (docs/product.md#calls), for the one table
 * of resourceEndpoints.ts: a facility's eco assets (GET /eco-asset/list,
 * created by POST /eco-asset/mint) and an eco asset's allocations (GET
 * /eco-asset/audits). Each answer is whole, so rows are sorted in the browser.
 */
import type { GetListParams, GetManyReferenceParams, RaRecord } from 'react-admin';
import type { AuditAllocation, EcoAsset, MintPayload } from '../domain/api/ecoAssets';
import { RESOURCES } from '../domain/operations';
import { api, data } from './apiClient';
import { listedInBrowser } from './listedInBrowser';
import type { ResourceEndpoint } from './resourceEndpoints';

/** An allocation as a record: the audit it draws on is its id within its eco asset. */
export type EcoAllocation = AuditAllocation & { id: number; eco_asset_id: number };

const isId = (value: unknown): boolean => (typeof value === 'number' || typeof value === 'string') && /^[1-9]\d*$/.test(String(value));

async function ecoAssetsOf(facilityId: unknown): Promise<EcoAsset[]> {
  const answer = await api.GET('/eco-asset/list', { params: { query: { facility_id: String(facilityId) } } }).then(data);
  return answer.eco_assets;
}

async function allocationsOf(ecoAssetId: unknown): Promise<EcoAllocation[]> {
  const answer = await api.GET('/eco-asset/audits', { params: { query: { id: String(ecoAssetId) } } }).then(data);
  return answer.audits.map((al) => ({ ...al, id: al.signoff_id, eco_asset_id: Number(ecoAssetId) }));
}

/** The filter went into the call: only sorting and paging are left to do here. */
const sortedPage = <R extends RaRecord>(rows: R[], { filter: _filter, ...rest }: Partial<GetListParams>) => listedInBrowser(rows, rest);

export const ECO_ASSET_ENDPOINTS = {
  [RESOURCES.ecoAssets]: {
    // docs/product.md#calls: only called when a facility is selected, otherwise the list is empty
    getList: async (_resource: string, params: GetListParams) =>
      isId(params.filter?.facility_id) ? sortedPage(await ecoAssetsOf(params.filter.facility_id), params) : { data: [], total: 0 },
    create: async (_resource: string, { data: mint }: { data: MintPayload }) => ({
      data: (await api.POST('/eco-asset/mint', { body: mint }).then(data)).eco_asset,
    }),
  } as ResourceEndpoint,
  [RESOURCES.ecoAllocations]: {
    getList: async (_resource: string, params: GetListParams) =>
      isId(params.filter?.eco_asset_id) ? sortedPage(await allocationsOf(params.filter.eco_asset_id), params) : { data: [], total: 0 },
    getManyReference: async (_resource: string, params: GetManyReferenceParams) =>
      params.target === 'eco_asset_id' && isId(params.id) ? sortedPage(await allocationsOf(params.id), params) : { data: [], total: 0 },
  } as ResourceEndpoint,
} satisfies Record<string, ResourceEndpoint>;
