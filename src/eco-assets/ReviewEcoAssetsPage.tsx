import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import type { FacilityEcoAsset } from '../domain/api/ecoAssets';
import { RESOURCES } from '../domain/operations';
import { FacilityDropdown } from '../facilities/FacilityDropdown';
import { useReportQueryFailure } from '../layout/failures';
import { Page } from '../layout/Page';
import { RetryAlert } from '../layout/RetryAlert';
import { EVERY_ROW } from '../providers/listedInBrowser';
import { AllocationList } from './AllocationList';
import { EcoAssetTable } from './EcoAssetTable';
import { FacilityAuditButton } from './FacilityAuditButton';
import { ReviewPanes } from './ReviewPanes';
import { ECO_ASSET_LIST_FAILURE } from './useAvailableCo2';

/**
 * Eco-Asset Broker Review (spec §2, eco-assets/review): pick a facility, see
 * the eco assets minted from its audits on the left, and for the one selected
 * the audits it draws on on the right. No facility, no list (spec §7).
 */
export default function ReviewEcoAssetsPage() {
  const translate = useTranslate();
  const [facilityId, setFacilityId] = useState<number | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const assets = useGetList<FacilityEcoAsset>(
    RESOURCES.ecoAssets,
    { filter: { facility_id: facilityId }, pagination: EVERY_ROW, sort: { field: 'id', order: 'DESC' } },
    { enabled: facilityId !== null },
  );
  useReportQueryFailure(assets.error, ECO_ASSET_LIST_FAILURE);
  const list = facilityId === null ? [] : (assets.data ?? []);
  const selected = list.some((a) => a.id === selectedId) ? selectedId : null;

  let left;
  if (facilityId === null) left = <Typography sx={{ p: 2 }}>{translate('ecoAssets.review.selectFacility')}</Typography>;
  else if (assets.error) left = <RetryAlert message="ecoAssets.review.loadFailed" sx={{ m: 1 }} onRetry={() => void assets.refetch()} />;
  else left = <EcoAssetTable assets={list} isPending={assets.isPending} selectedId={selected} onSelect={setSelectedId} />;

  return (
    <Page title="pages.reviewEcoAssets">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <FacilityDropdown
          value={facilityId}
          onChange={(id) => {
            setFacilityId(id);
            setSelectedId(null);
          }}
        />
        <FacilityAuditButton facilityId={facilityId} />
      </Box>
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
