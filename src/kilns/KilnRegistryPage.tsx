import { useState } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { RESOURCES } from '../domain/operations';
import type { Kiln } from '../domain/api/configure';
import { useReportQueryFailure, type FailureTexts } from '../layout/failures';
import { Page } from '../layout/Page';
import type { KilnDataProvider } from '../providers/dataProvider';
import { KilnDialog } from './KilnDialog';
import { KILN_REGISTRY_KEY } from './kilnMethods';
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
  const dataProvider = useDataProvider<KilnDataProvider>();
  const { canAccess: canCreate } = useCanAccess({ resource: RESOURCES.kilns, action: 'create' });
  const { canAccess: canUpdate } = useCanAccess({ resource: RESOURCES.kilns, action: 'edit' });
  const [editing, setEditing] = useState<Editing>(null);
  const registry = useQuery({ queryKey: KILN_REGISTRY_KEY, queryFn: () => dataProvider.getKilnRegistry() });
  useReportQueryFailure(registry.error, LIST_FAILURE);

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
        kilns={registry.data?.kilns}
        loading={registry.isPending}
        failed={registry.isError}
        onEdit={canUpdate ? (kiln) => setEditing({ kiln }) : undefined}
      />
      {editing && registry.data && (
        <KilnDialog kiln={editing.kiln} registry={registry.data} onClose={() => setEditing(null)} />
      )}
    </Page>
  );
}
