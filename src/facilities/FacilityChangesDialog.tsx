import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { Facility, FacilityChange } from '../domain/api/configure';
import { RESOURCES } from '../domain/operations';
import { ChangeTrail } from '../layout/ChangeTrail';
import type { ApiDataProvider } from '../providers/dataProvider';

export const facilityChangesKey = (id: number) => [RESOURCES.facilities, 'changes', id];

/** The form's label of each credit value, so the trail names them as the Facility modal does. */
const VALUE_LABELS: Record<string, string> = {
  latitude_min: 'facilities.fields.latMin',
  latitude_max: 'facilities.fields.latMax',
  longitude_min: 'facilities.fields.lonMin',
  longitude_max: 'facilities.fields.lonMax',
  wicf: 'facilities.fields.wicf',
  carbon_removal_factor: 'facilities.fields.carbonRemovalFactor',
};

/** One trail entry in words: what was decided, and each value's change. */
export function facilityChangeText(change: FacilityChange, translate: (key: string, options?: object) => string): string {
  const { kiln, kilnlog_id, values = {} } = change.detail;
  const head = translate(`facilities.change.${change.action}`, { kilnId: kiln?.kiln_id ?? '', logId: kilnlog_id ?? '' });
  const changed = Object.entries(values).map(([field, v]) =>
    translate('facilities.change.value', { field: translate(VALUE_LABELS[field] ?? field), from: v?.from ?? '–', to: v?.to }),
  );
  return [head, ...changed].join('; ');
}

/** A super-admin's view of a facility's credit trail (who set its GPS box and factors, approved its kilns, assigned it logs, when), newest first. */
export function FacilityChangesDialog({ facility, onClose }: { facility: Facility; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const changes = useQuery({ queryKey: facilityChangesKey(facility.id), queryFn: () => dataProvider.getFacilityChanges(facility.id) });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="facility-changes-title">
      <DialogTitle id="facility-changes-title">{translate('facilities.changesTitle', { mnemonic: facility.mnemonic })}</DialogTitle>
      <DialogContent>
        <ChangeTrail
          changes={changes}
          describe={(change) => facilityChangeText(change, translate)}
          messages={{ when: 'facilities.when', by: 'facilities.by', what: 'facilities.what', error: 'facilities.changesError', empty: 'facilities.changesEmpty' }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('facilities.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
