import { useState } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useCanAccess, useGetList, useTranslate } from 'react-admin';
import { RESOURCES } from '../domain/operations';
import type { FacilityDropdownItem, Kiln, KilnRegistryResponse } from '../domain/api/configure';
import { useReportQueryFailure, type FailureTexts } from '../layout/failures';
import { Page } from '../layout/Page';
import { EVERY_ROW } from '../providers/listedInBrowser';
import { KilnDialog } from './KilnDialog';
import { KilnTable } from './KilnTable';

const LIST_FAILURE: FailureTexts = {
  title: 'kilns.listErrorTitle',
  other: 'kilns.listErrorText',
  logNetworkErrors: true,
};

/** Which kiln the modal is open for: a new one, an existing one, or none. */
type Editing = { kiln: Kiln | null } | null;

/** Kiln Registry (spec §2): the kilns per facility, added and edited in the 'Kiln' modal. */
export default function KilnRegistryPage() {
  const translate = useTranslate();
  const { canAccess: canCreate } = useCanAccess({ resource: RESOURCES.kilns, action: 'create' });
  const { canAccess: canUpdate } = useCanAccess({ resource: RESOURCES.kilns, action: 'edit' });
  const [editing, setEditing] = useState<Editing>(null);
  const kilns = useGetList<Kiln>(RESOURCES.kilns, { pagination: EVERY_ROW });
  useReportQueryFailure(kilns.error, LIST_FAILURE);
  const facilities = (kilns.meta as { facilities?: FacilityDropdownItem[] } | undefined)?.facilities;
  const registry: { data?: KilnRegistryResponse } = { data: kilns.data && facilities ? { kilns: kilns.data, facilities } : undefined };

  return (
    <Page title="pages.kilnRegistry">
      {canCreate && (
        <Box>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={!registry.data}
            onClick={() => setEditing({ kiln: null })}
          >
            {translate('kilns.newKiln')}
          </Button>
        </Box>
      )}
      <KilnTable
        kilns={kilns.data}
        loading={kilns.isPending}
        failed={kilns.isError}
        onEdit={canUpdate ? (kiln) => setEditing({ kiln }) : undefined}
      />
      {editing && registry.data && (
        <KilnDialog kiln={editing.kiln} registry={registry.data} onClose={() => setEditing(null)} />
      )}
    </Page>
  );
}
