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

/** The modal open for a facility, besides the Facility modal (whose URL is its own: /facilities/create, /facilities/{id}). */
type OpenDialog = { kind: 'photo' | 'statement' | 'viewStatement' | 'viewPhoto' | 'changes'; facility: Facility };

type FacilityDialogKind = OpenDialog['kind'];

function FacilityModal({ dialog, onClose }: { dialog: OpenDialog; onClose: () => void }) {
  const translate = useTranslate();
  const { facility } = dialog;
  switch (dialog.kind) {
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

/** Facilities (docs/product.md#facilities-page): the table, and the modals to create, edit, upload a photo or statement, and view them. */
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
  const record = useDialogRoute<Facility>(FACILITIES_PATH, {
    records: list?.facilities,
    notFound: 'facilities.notFound',
    canCreate,
    canEdit: canUpdate,
  });

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
          onViewStatement={open('viewStatement')}
          onViewPhoto={open('viewPhoto')}
          onEdit={canUpdate ? record.openEdit : undefined}
          onUploadPhoto={canUploadPhoto ? open('photo') : undefined}
          onUploadStatement={canUploadStatement ? open('statement') : undefined}
          onViewChanges={canViewChanges ? open('changes') : undefined}
        />
      </List>
      {record.dialog.kind !== 'none' && list && (
        <FacilityDialog facility={record.dialog.kind === 'edit' ? record.dialog.record : null} list={list} onClose={record.close} />
      )}
      {dialog && <FacilityModal dialog={dialog} onClose={() => setDialog(null)} />}
    </Page>
  );
}
