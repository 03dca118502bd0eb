import { Box, Button, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Kiln } from '../domain/api/configure';
import { formatDateTime } from '../domain/dates';
import { toDateText } from '../forms/dateText';
import { DataTable, type Column } from '../layout/DataTable';
import { KilnTypeChip } from './KilnTypeChip';

export interface KilnTableProps {
  kilns: readonly Kiln[] | undefined;
  loading: boolean;
  failed: boolean;
  /** shows the Actions column with an Edit button per kiln */
  onEdit?: (kiln: Kiln) => void;
}

/** The Kiln Registry table (spec §2): Kiln ID, Facility, Kiln Type, Install Date, Last Update and, for editors, Actions. */
export function KilnTable({ kilns, loading, failed, onEdit }: KilnTableProps) {
  const translate = useTranslate();
  const columns: Column<Kiln>[] = [
    { header: 'kilns.columns.kilnId', cell: (kiln) => kiln.kiln_id },
    {
      header: 'kilns.columns.facility',
      cell: (kiln) => (
        <Tooltip title={kiln.facility_name} describeChild>
          {/* focusable, so the name shows on keyboard focus as well as on hover */}
          <Box component="span" tabIndex={0} sx={{ textDecoration: 'underline dotted', cursor: 'help' }}>
            {kiln.facility_mnemonic}
          </Box>
        </Tooltip>
      ),
    },
    { header: 'kilns.columns.type', cell: (kiln) => <KilnTypeChip type={kiln.type} /> },
    { header: 'kilns.columns.installDate', cell: (kiln) => toDateText(kiln.install_date) },
    { header: 'kilns.columns.lastUpdate', cell: (kiln) => formatDateTime(kiln.last_update) },
  ];
  if (onEdit) {
    columns.push({
      header: 'kilns.columns.actions',
      cell: (kiln) => (
        <Button size="small" aria-label={translate('kilns.editLabel', { kilnId: kiln.kiln_id })} onClick={() => onEdit(kiln)}>
          {translate('kilns.edit')}
        </Button>
      ),
    });
  }
  return (
    <DataTable
      label={translate('pages.kilnRegistry')}
      columns={columns}
      rows={kilns}
      rowKey={(kiln) => kiln.id}
      loading={loading}
      failed={failed}
      errorText="kilns.loadFailed"
      emptyText="kilns.empty"
    />
  );
}
