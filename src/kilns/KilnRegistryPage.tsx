import { useState } from 'react';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { List, TopToolbar, useCanAccess, useTranslate } from 'react-admin';
import { LabelledExportButton } from '../layout/LabelledExportButton';
import type { Kiln, KilnRegistryResponse } from '../domain/api/configure';
import { RESOURCES } from '../domain/operations';
import { csvExporter } from '../layout/csvExporter';
import { useFailureReport, type FailureTexts } from '../layout/failures';
import { ListError, ListPager } from '../layout/ListStates';
import { Page } from '../layout/Page';
import { useDialogRoute } from '../layout/useDialogRoute';
import { KilnDialog } from './KilnDialog';
import { KilnKeysDialog } from './KilnKeysDialog';
import { KilnCalibrationsDialog } from './KilnCalibrationsDialog';
import { kilnCsvRow, KilnDatagrid } from './KilnList';
import { KILN_REGISTRY_PATH } from '.';
import { kilnRegistryOf } from './useKilnRegistry';

const LIST_FAILURE: FailureTexts = {
  title: 'kilns.listErrorTitle',
  other: 'kilns.listErrorText',
  logNetworkErrors: true,
};

/** Kiln Registry (docs/product.md#kiln-registry): the kilns per facility, added and edited in the 'Kiln' modal. */
export default function KilnRegistryPage() {
  const translate = useTranslate();
  const report = useFailureReport();
  const { canAccess: canCreate } = useCanAccess({ resource: RESOURCES.kilns, action: 'create' });
  const { canAccess: canUpdate } = useCanAccess({ resource: RESOURCES.kilns, action: 'edit' });
  const { canAccess: canApprove = false } = useCanAccess({ resource: RESOURCES.kilns, action: 'approve' });
  // the modal's choices come with the list's own call (one request on load)
  const [registry, setRegistry] = useState<KilnRegistryResponse>();
  // the Kiln modal has a URL of its own: /kiln_reg/create, /kiln_reg/{id}
  // and so do its Keys and calibration history: /kiln_reg/{id}/keys, /kiln_reg/{id}/calibrations
  const { dialog, openCreate, openEdit, openAction, close } = useDialogRoute<Kiln, 'keys' | 'calibrations'>(KILN_REGISTRY_PATH, {
    records: registry?.kilns,
    notFound: 'kilns.notFound',
    canCreate,
    canEdit: canUpdate,
    actions: { keys: canUpdate, calibrations: canUpdate === undefined ? undefined : canUpdate || canApprove },
  });

  return (
    <Page title="pages.kilnRegistry">
      <List<Kiln>
        resource={RESOURCES.kilns}
        title={false}
        // the New Kiln button stays when there are no kilns: the Datagrid says the list is empty
        empty={false}
        sort={{ field: 'kiln_id', order: 'ASC' }}
        exporter={csvExporter<Kiln>('kilns', (kiln) => kilnCsvRow(kiln, translate))}
        actions={
          <TopToolbar>
            {canCreate && (
              <Button variant="contained" startIcon={<AddIcon />} disabled={!registry} onClick={openCreate}>
                {translate('kilns.newKiln')}
              </Button>
            )}
            <LabelledExportButton />
          </TopToolbar>
        }
        error={<ListError message="kilns.loadFailed" />}
        pagination={<ListPager />}
        queryOptions={{ onError: (error) => report(error, LIST_FAILURE), onSuccess: ({ meta }) => setRegistry(kilnRegistryOf(meta)) }}
      >
        <KilnDatagrid
          onEdit={canUpdate ? openEdit : undefined}
          onKeys={canUpdate ? openAction('keys') : undefined}
          // the history beside the keys, for those who change the kiln or approve its calibration
          onCalibrations={canUpdate || canApprove ? openAction('calibrations') : undefined}
          canApprove={canApprove}
        />
      </List>
      {dialog.kind === 'action' && dialog.action === 'keys' && <KilnKeysDialog kiln={dialog.record} onClose={close} />}
      {dialog.kind === 'action' && dialog.action === 'calibrations' && (
        <KilnCalibrationsDialog kiln={dialog.record} canApprove={canApprove} onClose={close} />
      )}
      {(dialog.kind === 'create' || dialog.kind === 'edit') && registry && (
        <KilnDialog kiln={dialog.kind === 'edit' ? dialog.record : null} registry={registry} onClose={close} />
      )}
    </Page>
  );
}
