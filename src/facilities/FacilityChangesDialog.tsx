import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { Facility } from '../domain/api/configure';
import type { ApiDataProvider } from '../providers/dataProvider';
import { FacilityChangeTrail } from './FacilityChangeTrail';
import { queryKeys } from '../providers/queryKeys';

/** A super-admin's view of a facility's credit trail (who set its GPS box and factors, approved its kilns, assigned it logs, when), newest first. */
export function FacilityChangesDialog({ facility, onClose }: { facility: Facility; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const changes = useQuery({
    queryKey: queryKeys.listFacilityChanges(facility.id),
    queryFn: () => dataProvider.listFacilityChanges(facility.id),
  });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="facility-changes-title">
      <DialogTitle id="facility-changes-title">{translate('facilities.changesTitle', { mnemonic: facility.mnemonic })}</DialogTitle>
      <DialogContent>
        <FacilityChangeTrail changes={changes} error="facilities.changesError" empty="facilities.changesEmpty" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('facilities.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
