import { useState } from 'react';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { List, TopToolbar, useCanAccess, useTranslate } from 'react-admin';
import { LabelledExportButton } from '../layout/LabelledExportButton';
import type { Facility, FacilityListResponse } from '../domain/api/configure';
import { RESOURCES } from '../domain/operations';
import { csvExporter } from '../layout/csvExporter';
import { useFailureReport, type FailureTexts } from '../layout/failures';
import { ListError, ListPager } from '../layout/ListStates';
import { Page } from '../layout/Page';
import { useDialogRoute } from '../layout/useDialogRoute';
import { ViewerDialog } from '../viewer/ViewerDialog';
import { StatementUploadDialog } from './StatementUploadDialog';
import { FacilityChangesDialog } from './FacilityChangesDialog';
import { FacilityDialog } from './FacilityDialog';
import { facilityCsvRow, FacilityDatagrid } from './FacilityList';
import { PhotoUploadDialog } from './PhotoUploadDialog';
import { facilityListOf } from './facilityListOf';
import { FACILITIES_PATH } from '.';

// docs/product.md#error-catalogue gives this failure a title only
const LIST_FAILURE: FailureTexts = { title: 'facilities.listErrorTitle' };

/**
 * A facility's modals besides the Facility modal, each at a URL of its own under the list
 * (/facilities/{id}/photo, …), as the Facility modal is at /facilities/{id}: Back closes them.
 */
type FacilityAction = 'photo' | 'statement' | 'changes' | 'view-statement' | 'view-photo';

function FacilityModal({ action, facility, onClose }: { action: FacilityAction; facility: Facility; onClose: () => void }) {
  const translate = useTranslate();
  switch (action) {
    case 'photo':
      return <PhotoUploadDialog facility={facility} onClose={onClose} />;
    case 'statement':
      return <StatementUploadDialog facility={facility} onClose={onClose} />;
    case 'changes':
      return <FacilityChangesDialog facility={facility} onClose={onClose} />;
    case 'view-statement':
      return (
        <ViewerDialog
          title={translate('facilities.statement.viewerTitle', { mnemonic: facility.mnemonic })}
          document={{ kind: 'statement', facilityId: facility.id, statementId: facility.latest_facility_audit_id ?? 0 }}
          onClose={onClose}
        />
      );
    case 'view-photo':
      return (
        <ViewerDialog
          title={translate('facilities.photo.viewerTitle', { mnemonic: facility.mnemonic })}
          document={{ kind: 'photo', facilityId: facility.id }}
          onClose={onClose}
        />
      );
  }
}

/** Facilities (docs/product.md#facilities-page): the table, and the modals to create, edit, upload a photo or statement, and view them. */
export default function FacilitiesPage() {
  const translate = useTranslate();
  const report = useFailureReport();
  const { canAccess: canCreate } = useCanAccess({ resource: RESOURCES.facilities, action: 'create' });
  const { canAccess: canUpdate } = useCanAccess({ resource: RESOURCES.facilities, action: 'edit' });
  const { canAccess: canUploadPhoto } = useCanAccess({ resource: RESOURCES.photos, action: 'upload' });
  const { canAccess: canUploadStatement } = useCanAccess({ resource: RESOURCES.statements, action: 'upload' });
  const { canAccess: canViewChanges } = useCanAccess({ resource: RESOURCES.facilityChanges, action: 'list' });
  // the modals' choices come with the list's own call (one request on load)
  const [list, setList] = useState<FacilityListResponse>();
  const owners = list?.allowedOwners ?? [];
  const record = useDialogRoute<Facility, FacilityAction>(FACILITIES_PATH, {
    records: list?.facilities,
    notFound: 'facilities.notFound',
    canCreate,
    canEdit: canUpdate,
    // whoever reads the list may view a facility's photo and statement
    actions: {
      photo: canUploadPhoto,
      statement: canUploadStatement,
      changes: canViewChanges,
      'view-statement': true,
      'view-photo': true,
    },
  });
  const open = record.openAction;

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
              <Button variant="contained" startIcon={<AddIcon />} disabled={!list} onClick={record.openCreate}>
                {translate('facilities.newFacility')}
              </Button>
            )}
            <LabelledExportButton />
          </TopToolbar>
        }
        error={<ListError message="facilities.loadFailed" />}
        pagination={<ListPager />}
        queryOptions={{ onError: (error) => report(error, LIST_FAILURE), onSuccess: ({ meta }) => setList(facilityListOf(meta)) }}
      >
        <FacilityDatagrid
          owners={owners}
          onViewStatement={open('view-statement')}
          onViewPhoto={open('view-photo')}
          onEdit={canUpdate ? record.openEdit : undefined}
          onUploadPhoto={canUploadPhoto ? open('photo') : undefined}
          onUploadStatement={canUploadStatement ? open('statement') : undefined}
          onViewChanges={canViewChanges ? open('changes') : undefined}
        />
      </List>
      {(record.dialog.kind === 'create' || record.dialog.kind === 'edit') && list && (
        <FacilityDialog facility={record.dialog.kind === 'edit' ? record.dialog.record : null} list={list} onClose={record.close} />
      )}
      {record.dialog.kind === 'action' && (
        <FacilityModal action={record.dialog.action} facility={record.dialog.record} onClose={record.close} />
      )}
    </Page>
  );
}
