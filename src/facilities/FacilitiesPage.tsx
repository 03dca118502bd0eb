import { useState } from 'react';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ExportButton, List, TopToolbar, useCanAccess, useTranslate } from 'react-admin';
import type { Facility, FacilityListResponse } from '../domain/api/configure';
import { RESOURCES } from '../domain/operations';
import { csvExporter } from '../layout/csvExporter';
import { useFailureReport, type FailureTexts } from '../layout/failures';
import { ListError, ListPager } from '../layout/ListStates';
import { Page } from '../layout/Page';
import { ViewerDialog } from '../viewer/ViewerDialog';
import { StatementUploadDialog } from './StatementUploadDialog';
import { FacilityChangesDialog } from './FacilityChangesDialog';
import { FacilityDialog } from './FacilityDialog';
import { facilityCsvRow, FacilityDatagrid } from './FacilityList';
import { PhotoUploadDialog } from './PhotoUploadDialog';
import { facilityListOf } from './facilityListOf';

// spec §8 gives this failure a title only
const LIST_FAILURE: FailureTexts = { title: 'facilities.listErrorTitle' };

/** The one modal open at a time, and for which facility. */
type OpenDialog =
  | { kind: 'create' }
  | { kind: 'edit' | 'photo' | 'statement' | 'viewStatement' | 'viewPhoto' | 'changes'; facility: Facility };

type FacilityDialogKind = Exclude<OpenDialog['kind'], 'create'>;

function FacilityModal({ dialog, list, onClose }: { dialog: OpenDialog; list: FacilityListResponse; onClose: () => void }) {
  const translate = useTranslate();
  if (dialog.kind === 'create') return <FacilityDialog facility={null} list={list} onClose={onClose} />;
  const { facility } = dialog;
  switch (dialog.kind) {
    case 'edit':
      return <FacilityDialog facility={facility} list={list} onClose={onClose} />;
    case 'photo':
      return <PhotoUploadDialog facility={facility} onClose={onClose} />;
    case 'statement':
      return <StatementUploadDialog facility={facility} onClose={onClose} />;
    case 'changes':
      return <FacilityChangesDialog facility={facility} onClose={onClose} />;
    case 'viewStatement':
      return (
        <ViewerDialog
          title={translate('facilities.statement.viewerTitle', { mnemonic: facility.mnemonic })}
          document={{ kind: 'statement', facilityId: facility.id, statementId: facility.latest_facility_audit_id ?? 0 }}
          onClose={onClose}
        />
      );
    case 'viewPhoto':
      return (
        <ViewerDialog
          title={translate('facilities.photo.viewerTitle', { mnemonic: facility.mnemonic })}
          document={{ kind: 'photo', facilityId: facility.id }}
          onClose={onClose}
        />
      );
  }
}

/** Facilities (spec §2): the table, and the modals to create, edit, upload a photo or statement, and view them. */
export default function FacilitiesPage() {
  const translate = useTranslate();
  const report = useFailureReport();
  const { canAccess: canCreate } = useCanAccess({ resource: RESOURCES.facilities, action: 'create' });
  const { canAccess: canUpdate } = useCanAccess({ resource: RESOURCES.facilities, action: 'edit' });
  const { canAccess: canUploadPhoto } = useCanAccess({ resource: RESOURCES.photos, action: 'upload' });
  const { canAccess: canUploadStatement } = useCanAccess({ resource: RESOURCES.statements, action: 'upload' });
  const { canAccess: canViewChanges } = useCanAccess({ resource: RESOURCES.facilityChanges, action: 'list' });
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  // the modals' choices come with the list's own call (one request on load)
  const [list, setList] = useState<FacilityListResponse>();
  const owners = list?.allowedOwners ?? [];

  const open = (kind: FacilityDialogKind) => (facility: Facility) => setDialog({ kind, facility });

  return (
    <Page title="pages.facilities">
      <List<Facility>
        resource={RESOURCES.facilities}
        title={false}
        // New Facility stays when there are none: the Datagrid says the list is empty
        empty={false}
        sort={{ field: 'mnemonic', order: 'ASC' }}
        exporter={csvExporter<Facility>('facilities', (f) => facilityCsvRow(f, owners, translate))}
        actions={
          <TopToolbar>
            {canCreate && (
              <Button variant="contained" startIcon={<AddIcon />} disabled={!list} onClick={() => setDialog({ kind: 'create' })}>
                {translate('facilities.newFacility')}
              </Button>
            )}
            <ExportButton />
          </TopToolbar>
        }
        error={<ListError message="facilities.loadFailed" />}
        pagination={<ListPager />}
        queryOptions={{ onError: (error) => report(error, LIST_FAILURE), onSuccess: ({ meta }) => setList(facilityListOf(meta)) }}
      >
        <FacilityDatagrid
          owners={owners}
          onViewStatement={open('viewStatement')}
          onViewPhoto={open('viewPhoto')}
          onEdit={canUpdate ? open('edit') : undefined}
          onUploadPhoto={canUploadPhoto ? open('photo') : undefined}
          onUploadStatement={canUploadStatement ? open('statement') : undefined}
          onViewChanges={canViewChanges ? open('changes') : undefined}
        />
      </List>
      {dialog && list && <FacilityModal dialog={dialog} list={list} onClose={() => setDialog(null)} />}
    </Page>
  );
}
