import { useState } from 'react';
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import type { FacilityEcoAsset } from '../domain/api/ecoAssets';
import { sumKg, toGrams } from '../domain/carbon';
import { leftToRetire, retirementState } from '../domain/ledger';
import { RESOURCES } from '../domain/operations';
import { FacilityDropdown } from '../facilities/FacilityDropdown';
import { Page } from '../layout/Page';
import { RetryAlert } from '../layout/RetryAlert';
import { idParam, useSearchParamState } from '../layout/useSearchParamState';
import { EVERY_ROW } from '../providers/listedInBrowser';
import { AllocationList } from './AllocationList';
import { EcoAssetTable } from './EcoAssetTable';
import { FacilityAuditButton } from './FacilityAuditButton';
import { RetireDialog } from './RetireDialog';
import { ReviewPanes } from './ReviewPanes';
import { ECO_ASSET_LIST_FAILURE } from './useAvailableCo2';

const RETIRED_FILTERS = ['all', 'unretired', 'retired'] as const;
type RetiredFilter = (typeof RETIRED_FILTERS)[number];
/** retired: any of its units retired; not retired: none */
const shownBy = (filter: RetiredFilter, asset: FacilityEcoAsset) =>
  filter === 'all' || (filter === 'retired') === (retirementState(asset) !== 'none');

/**
 * Eco-Asset Broker Review (docs/product.md#eco-asset-broker-review, eco-assets/review): pick a facility, see
 * the eco assets minted from its audits on the left, and for the one selected
 * the audits it draws on on the right. No facility, no list (docs/product.md#calls).
 * Beyond the spec: the list filtered by retirement, and the
 * selected asset's units retired for a beneficiary.
 */
export default function ReviewEcoAssetsPage() {
  const translate = useTranslate();
  // the facility, the asset and the filter are in the URL: Back from an asset's provenance returns to them
  const [params, setParams] = useSearchParamState(['facility', 'asset', 'show']);
  const facilityId = idParam(params.facility);
  const selectedId = idParam(params.asset);
  const shown: RetiredFilter = RETIRED_FILTERS.find((f) => f === params.show) ?? 'all';
  const assets = useGetList<FacilityEcoAsset>(
    RESOURCES.ecoAssets,
    { filter: { facility_id: facilityId }, pagination: EVERY_ROW, sort: { field: 'id', order: 'DESC' } },
    { enabled: facilityId !== null },
  );
  const [retiring, setRetiring] = useState(false);
  const all = facilityId === null ? [] : (assets.data ?? []);
  const list = all.filter((a) => shownBy(shown, a));
  const selected = list.some((a) => a.id === selectedId) ? selectedId : null;
  const selectedAsset = list.find((a) => a.id === selected);

  let left;
  if (facilityId === null) left = <Typography sx={{ p: 2 }}>{translate('ecoAssets.review.selectFacility')}</Typography>;
  else if (assets.error)
    left = <RetryAlert message="ecoAssets.review.loadFailed" sx={{ m: 1 }} query={assets} failure={ECO_ASSET_LIST_FAILURE} />;
  else if (list.length === 0 && all.length > 0) left = <Typography sx={{ p: 2 }}>{translate('ecoAssets.review.noneShown')}</Typography>;
  else
    left = (
      <EcoAssetTable
        assets={list}
        facilityTotal={sumKg(all.map((a) => a.facility_co2))}
        isPending={assets.isPending}
        selectedId={selected}
        onSelect={(id) => setParams({ asset: String(id) })}
      />
    );

  return (
    <Page title="pages.reviewEcoAssets">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <FacilityDropdown value={facilityId} onChange={(id) => setParams({ facility: id === null ? null : String(id), asset: null })} />
        <FacilityAuditButton facilityId={facilityId} />
        <TextField
          select
          size="small"
          fullWidth={false}
          label={translate('ecoAssets.review.show')}
          value={shown}
          onChange={(event) => setParams({ show: event.target.value === 'all' ? null : event.target.value })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="all">{translate('ecoAssets.review.showAll')}</MenuItem>
          <MenuItem value="unretired">{translate('ecoAssets.review.showUnretired')}</MenuItem>
          <MenuItem value="retired">{translate('ecoAssets.review.showRetired')}</MenuItem>
        </TextField>
        <Button variant="outlined" disabled={!selectedAsset || toGrams(leftToRetire(selectedAsset)) <= 0} onClick={() => setRetiring(true)}>
          {translate('ecoAssets.review.retire')}
        </Button>
      </Box>
      {retiring && selectedAsset && <RetireDialog asset={selectedAsset} onClose={() => setRetiring(false)} />}
      <ReviewPanes
        left={{ title: 'ecoAssets.review.ecoAssets', content: left }}
        right={{
          title: 'ecoAssets.review.allocations',
          content:
            selected === null ? (
              <Typography sx={{ p: 2 }}>{translate('ecoAssets.review.selectEcoAsset')}</Typography>
            ) : (
              <AllocationList key={selected} ecoAssetId={selected} facilityId={facilityId!} />
            ),
        }}
      />
    </Page>
  );
}
