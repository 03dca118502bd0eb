import { useMemo, useState } from 'react';
import { Alert, Box, FormControl, InputLabel, MenuItem, Select, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { RESOURCES } from '../domain/operations';
import { Page } from '../layout/Page';
import { AnomalyList } from './AnomalyList';
import { FleetMap } from './FleetMap';
import { FleetTrends } from './FleetTrends';
import type { ApiDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';

/** Fleet (issue 28): every facility and burn on an offline map, per-kiln trends, and the anomalies that say where to look. */
export default function FleetPage() {
  const translate = useTranslate();
  const { canAccess: canCheck = false } = useCanAccess({ resource: RESOURCES.fleet, action: 'edit' });
  const [facilityId, setFacilityId] = useState<number | null>(null);
  const [kiln, setKiln] = useState<number | null>(null);
  const dataProvider = useDataProvider<ApiDataProvider>();
  const fleet = useQuery({ queryKey: queryKeys.fleetView(null), queryFn: () => dataProvider.getFleetView(null) });

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
        <FormControl size="small" sx={{ minWidth: 220 }}>
          <InputLabel id="fleet-facility-label">{translate('fleet.facility')}</InputLabel>
          <Select
            labelId="fleet-facility-label"
            label={translate('fleet.facility')}
            value={facilityId ?? ''}
            onChange={(e) => {
              setFacilityId(String(e.target.value) === '' ? null : Number(e.target.value));
              setKiln(null);
            }}
          >
            <MenuItem value="">{translate('fleet.allFacilities')}</MenuItem>
            {facilities.map((f) => (
              <MenuItem key={f.id} value={f.id}>
                {f.mnemonic} – {f.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id="fleet-kiln-label">{translate('fleet.kiln')}</InputLabel>
          <Select
            labelId="fleet-kiln-label"
            label={translate('fleet.kiln')}
            value={kiln ?? ''}
            onChange={(e) => setKiln(String(e.target.value) === '' ? null : Number(e.target.value))}
          >
            <MenuItem value="">{translate('fleet.allKilns')}</MenuItem>
            {kilns.map(([id, name]) => (
              <MenuItem key={id} value={id}>
                {name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Box>
      <AnomalyList facilityId={facilityId} kiln={kiln} canCheck={canCheck} />
      {fleet.isError && <Alert severity="error">{translate('fleet.error')}</Alert>}
      {fleet.isPending && <Typography>{translate('ra.page.loading')}</Typography>}
      {fleet.data && (
        <FleetMap view={{ facilities: facilityId === null ? facilities : facilities.filter((f) => f.id === facilityId), burns: chosen }} />
      )}
      {fleet.data && <FleetTrends burns={chosen} />}
    </Page>
  );
}
