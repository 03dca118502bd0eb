import { useMemo, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { RESOURCES } from '../domain/operations';
import { Page } from '../layout/Page';
import { RetryAlert } from '../layout/RetryAlert';
import { AnomalyList } from './AnomalyList';
import { FleetMap } from './FleetMap';
import { FleetSelect, type FleetChoice } from './FleetSelect';
import { FleetTrends } from './FleetTrends';
import type { ApiDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';

const FACILITY_CHOICE: FleetChoice = { id: 'fleet-facility-label', label: 'fleet.facility', all: 'fleet.allFacilities', minWidth: 220 };
const KILN_CHOICE: FleetChoice = { id: 'fleet-kiln-label', label: 'fleet.kiln', all: 'fleet.allKilns', minWidth: 180 };

/** Fleet: every facility and burn on an offline map, per-kiln trends, and the anomalies that say where to look. */
export default function FleetPage() {
  const translate = useTranslate();
  const { canAccess: canCheck = false } = useCanAccess({ resource: RESOURCES.fleet, action: 'edit' });
  const [facilityId, setFacilityId] = useState<number | null>(null);
  const [kiln, setKiln] = useState<number | null>(null);
  const dataProvider = useDataProvider<ApiDataProvider>();
  const fleet = useQuery({ queryKey: queryKeys.listFleetBurns(null), queryFn: () => dataProvider.listFleetBurns(null) });

  const facilities = fleet.data?.facilities ?? [];
  const kilns = useMemo(() => {
    const seen = new Map<number, string>();
    for (const b of fleet.data?.burns ?? []) if (facilityId === null || b.facility_id === facilityId) seen.set(b.kiln, b.kiln_id);
    return [...seen].sort((a, b) => (a[1] < b[1] ? -1 : 1));
  }, [fleet.data, facilityId]);
  const chosen = useMemo(
    () =>
      (fleet.data?.burns ?? []).filter((b) => (facilityId === null || b.facility_id === facilityId) && (kiln === null || b.kiln === kiln)),
    [fleet.data, facilityId, kiln],
  );

  return (
    <Page title="fleet.title">
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <FleetSelect
          choice={FACILITY_CHOICE}
          value={facilityId ?? ''}
          options={facilities.map((f) => ({ value: f.id, text: `${f.mnemonic} – ${f.name}` }))}
          onChange={(value) => {
            setFacilityId(value === '' ? null : Number(value));
            setKiln(null);
          }}
        />
        <FleetSelect
          choice={KILN_CHOICE}
          value={kiln ?? ''}
          options={kilns.map(([id, name]) => ({ value: id, text: name }))}
          onChange={(value) => setKiln(value === '' ? null : Number(value))}
        />
      </Box>
      <AnomalyList facilityId={facilityId} kiln={kiln} canCheck={canCheck} />
      {fleet.isError && <RetryAlert message="fleet.error" query={fleet} />}
      {fleet.isPending && <Typography>{translate('ra.page.loading')}</Typography>}
      {fleet.data && (
        <FleetMap view={{ facilities: facilityId === null ? facilities : facilities.filter((f) => f.id === facilityId), burns: chosen }} />
      )}
      {fleet.data && <FleetTrends burns={chosen} />}
    </Page>
  );
}
