import { useState } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useCanAccess, useGetList, useTranslate } from 'react-admin';
import { RESOURCES } from '../domain/operations';
import type { Facility, FacilityListResponse } from '../domain/api/configure';
import { useReportQueryFailure, type FailureTexts } from '../layout/failures';
import { Page } from '../layout/Page';
import { EVERY_ROW } from '../providers/listedInBrowser';
import { ViewerDialog } from '../viewer/ViewerDialog';
import { AuditUploadDialog } from './AuditUploadDialog';
import { FacilityDialog } from './FacilityDialog';
import { FacilityTable } from './FacilityTable';
import { PhotoUploadDialog } from './PhotoUploadDialog';

// spec §8 gives this failure a title only
const LIST_FAILURE: FailureTexts = { title: 'facilities.listErrorTitle' };

/** The one modal open at a time, and for which facility. */
type OpenDialog =
  | { kind: 'create' }
  | { kind: 'edit' | 'photo' | 'audit' | 'viewAudit' | 'viewPhoto'; facility: Facility };

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
    case 'audit':
      return <AuditUploadDialog facility={facility} onClose={onClose} />;
    case 'viewAudit':
      return (
        <ViewerDialog
          title={translate('facilities.audit.viewerTitle', { mnemonic: facility.mnemonic })}
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

/** Facilities (spec §2): the table, and the modals to create, edit, upload a photo or audit, and view them. */
export default function FacilitiesPage() {
  const translate = useTranslate();
  const { canAccess: canCreate } = useCanAccess({ resource: RESOURCES.facilities, action: 'create' });
  const { canAccess: canUpdate } = useCanAccess({ resource: RESOURCES.facilities, action: 'edit' });
  const { canAccess: canUploadPhoto } = useCanAccess({ resource: RESOURCES.photos, action: 'upload' });
  const { canAccess: canUploadStatement } = useCanAccess({ resource: RESOURCES.statements, action: 'upload' });
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const facilities = useGetList<Facility>(RESOURCES.facilities, { pagination: EVERY_ROW });
  useReportQueryFailure(facilities.error, LIST_FAILURE);
  const meta = facilities.meta as Omit<FacilityListResponse, 'facilities'> | undefined;
  const list = {
    data: facilities.data && meta ? { facilities: facilities.data, ...meta } : undefined,
    isPending: facilities.isPending,
    isError: facilities.isError,
  };

  const open = (kind: FacilityDialogKind) => (facility: Facility) => setDialog({ kind, facility });

  return (
    <Page title="pages.facilities">
      {canCreate && (
        <Box>
          <Button variant="contained" startIcon={<AddIcon />} disabled={!list.data} onClick={() => setDialog({ kind: 'create' })}>
            {translate('facilities.newFacility')}
          </Button>
        </Box>
      )}
      <FacilityTable
        facilities={list.data?.facilities}
        owners={list.data?.allowedOwners ?? []}
        loading={list.isPending}
        failed={list.isError}
        onViewAudit={open('viewAudit')}
        onViewPhoto={open('viewPhoto')}
        onEdit={canUpdate ? open('edit') : undefined}
        onUploadPhoto={canUploadPhoto ? open('photo') : undefined}
        onUploadAudit={canUploadStatement ? open('audit') : undefined}
      />
      {dialog && list.data && <FacilityModal dialog={dialog} list={list.data} onClose={() => setDialog(null)} />}
    </Page>
  );
}
