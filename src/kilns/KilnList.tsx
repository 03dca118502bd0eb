import { Box, Button, Tooltip } from '@mui/material';
import { Datagrid, FunctionField, SimpleList, TextField, useRecordContext, useTranslate, WrapperField } from 'react-admin';
import { useSmallScreen } from '../layout/useSmallScreen';
import type { Kiln } from '../domain/api/configure';
import { formatDateTime } from '../domain/dates';
import type { CsvRow } from '../domain/csv';
import { kilnTypeInfo } from '../domain/kilnTypes';
import { toDateText } from '../forms/dateText';
import { ListEmpty } from '../layout/ListStates';
import { KilnTypeChip } from './KilnTypeChip';

function FacilityMnemonic({ kiln }: { kiln: Kiln }) {
  return (
    <Tooltip title={kiln.facility_name} describeChild>
      {/* focusable, so the name shows on keyboard focus as well as on hover */}
      <Box component="span" tabIndex={0} sx={{ textDecoration: 'underline dotted', cursor: 'help' }}>
        {kiln.facility_mnemonic}
      </Box>
    </Tooltip>
  );
}

export function EditKilnButton({ onEdit }: { onEdit: (kiln: Kiln) => void }) {
  const translate = useTranslate();
  const kiln = useRecordContext<Kiln>();
  if (!kiln) return null;
  return (
    <Button size="small" aria-label={translate('kilns.editLabel', { kilnId: kiln.kiln_id })} onClick={() => onEdit(kiln)}>
      {translate('kilns.edit')}
    </Button>
  );
}

/** The Kiln Registry's columns (spec §2): Kiln ID, Facility, Kiln Type, Install Date, Last Update and, for editors, Actions. */
export function KilnDatagrid({ onEdit }: { onEdit?: (kiln: Kiln) => void }) {
  const translate = useTranslate();
  // on a phone, one line per kiln instead of a table wider than the screen
  if (useSmallScreen()) {
    return (
      <SimpleList<Kiln>
        primaryText={(kiln) => kiln.kiln_id}
        secondaryText={(kiln) => `${kiln.facility_mnemonic} · ${kilnTypeInfo(kiln.type).label}`}
        tertiaryText={(kiln) => toDateText(kiln.install_date)}
        rightIcon={onEdit ? () => <EditKilnButton onEdit={onEdit} /> : undefined}
        rowClick={false}
        empty={<ListEmpty message="kilns.empty" />}
      />
    );
  }
  return (
    <Datagrid rowClick={false} bulkActionButtons={false} empty={<ListEmpty message="kilns.empty" />} aria-label={translate('pages.kilnRegistry')}>
      <TextField source="kiln_id" label="kilns.columns.kilnId" />
      <FunctionField<Kiln> source="facility_mnemonic" label="kilns.columns.facility" render={(kiln) => <FacilityMnemonic kiln={kiln} />} />
      <FunctionField<Kiln> source="type" label="kilns.columns.type" render={(kiln) => <KilnTypeChip type={kiln.type} />} />
      <FunctionField<Kiln> source="install_date" label="kilns.columns.installDate" render={(kiln) => toDateText(kiln.install_date)} />
      <FunctionField<Kiln> source="last_update" label="kilns.columns.lastUpdate" render={(kiln) => formatDateTime(kiln.last_update)} />
      {onEdit && (
        <WrapperField label="kilns.columns.actions">
          <EditKilnButton onEdit={onEdit} />
        </WrapperField>
      )}
    </Datagrid>
  );
}

/** A kiln as a CSV row, headed like the screen's columns. */
export function kilnCsvRow(kiln: Kiln, translate: (key: string) => string): CsvRow {
  return {
    [translate('kilns.columns.kilnId')]: kiln.kiln_id,
    [translate('kilns.columns.facility')]: kiln.facility_mnemonic,
    [translate('facilities.columns.name')]: kiln.facility_name,
    [translate('kilns.columns.type')]: kilnTypeInfo(kiln.type).label,
    [translate('kilns.columns.installDate')]: toDateText(kiln.install_date),
    [translate('kilns.columns.lastUpdate')]: formatDateTime(kiln.last_update),
  };
}
