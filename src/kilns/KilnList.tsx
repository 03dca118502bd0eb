import { Box, Button } from '@mui/material';
import { FunctionField, SimpleList, useDataProvider, useRecordContext, useTranslate, WrapperField } from 'react-admin';
import { useRowCommand } from '../forms/useCommand';
import type { ApiDataProvider } from '../providers/dataProvider';
import { useSmallScreen } from '../layout/useSmallScreen';
import { FocusTooltip } from '../layout/FocusTooltip';
import type { Kiln } from '../domain/api/configure';
import { formatDateTime } from '../domain/dates';
import type { CsvRow } from '../domain/csv';
import { kilnTypeInfo } from '../domain/kilnTypes';
import { toDateText } from '../forms/dateText';
import { ListEmpty } from '../layout/ListStates';
import { RegistryDatagrid } from '../layout/RegistryDatagrid';
import { KilnTypeChip } from './KilnTypeChip';
import { PendingChip } from './PendingChip';

function FacilityMnemonic({ kiln }: { kiln: Kiln }) {
  return (
    <FocusTooltip title={kiln.facility_name}>
      {(trigger) => (
        <Box component="span" tabIndex={0} {...trigger} sx={{ textDecoration: 'underline dotted', cursor: 'help' }}>
          {kiln.facility_mnemonic}
        </Box>
      )}
    </FocusTooltip>
  );
}

/** A kiln row's button (Edit, Keys): `text`, named for screen readers with the kiln's id in `label`. */
function KilnButton({ text, label, onPick }: { text: string; label: string; onPick: (kiln: Kiln) => void }) {
  const translate = useTranslate();
  const kiln = useRecordContext<Kiln>();
  if (!kiln) return null;
  return (
    <Button size="small" aria-label={translate(label, { kilnId: kiln.kiln_id })} onClick={() => onPick(kiln)}>
      {translate(text)}
    </Button>
  );
}

/** A super-admin's Approve on a pending kiln: its burns become creditable. */
export function ApproveKilnButton() {
  const translate = useTranslate();
  const kiln = useRecordContext<Kiln>();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const approve = useRowCommand(dataProvider.approveKiln, { success: 'kilns.approved', failure: 'kilns.approveFailed' });
  if (!kiln || kiln.approved_ts !== null) return null;
  return (
    <Button
      size="small"
      disabled={approve.isPending}
      aria-label={translate('kilns.approveLabel', { kilnId: kiln.kiln_id })}
      onClick={() => approve.mutate(kiln.id)}
    >
      {translate('kilns.approve')}
    </Button>
  );
}

function KilnIdCell({ kiln }: { kiln: Kiln }) {
  return (
    <>
      {kiln.kiln_id}
      {kiln.approved_ts === null && <PendingChip title="kilns.pendingHelp" />}
      {kiln.calibration_pending && <PendingChip title="kilns.calibrations.pendingHelp" label="kilns.calibrations.pending" />}
    </>
  );
}

interface KilnActionProps {
  onEdit?: (kiln: Kiln) => void;
  /** opens a kiln's keys; given to those who may update the kiln */
  onKeys?: (kiln: Kiln) => void;
  /** opens a kiln's calibration history */
  onCalibrations?: (kiln: Kiln) => void;
  canApprove?: boolean;
}

function KilnActions({ onEdit, onKeys, onCalibrations, canApprove = false }: KilnActionProps) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {onEdit && <KilnButton text="kilns.edit" label="kilns.editLabel" onPick={onEdit} />}
      {/* the kiln's Keys dialog */}
      {onKeys && <KilnButton text="kilns.keys.action" label="kilns.keys.actionLabel" onPick={onKeys} />}
      {onCalibrations && <KilnButton text="kilns.calibrations.action" label="kilns.calibrations.actionLabel" onPick={onCalibrations} />}
      {canApprove && <ApproveKilnButton />}
    </Box>
  );
}

/** The Kiln Registry's columns (docs/product.md#kiln-registry): Kiln ID (marked when pending), Facility, Kiln Type, Install Date, Last Update and, for editors and approvers, Actions. */
export function KilnDatagrid({ onEdit, onKeys, onCalibrations, canApprove = false }: KilnActionProps) {
  const hasActions = Boolean(onEdit) || Boolean(onKeys) || Boolean(onCalibrations) || canApprove;
  const actions = <KilnActions onEdit={onEdit} onKeys={onKeys} onCalibrations={onCalibrations} canApprove={canApprove} />;
  // on a phone, one line per kiln instead of a table wider than the screen
  if (useSmallScreen()) {
    return (
      <SimpleList<Kiln>
        primaryText={(kiln) => <KilnIdCell kiln={kiln} />}
        secondaryText={(kiln) => `${kiln.facility_mnemonic} · ${kilnTypeInfo(kiln.type).label}`}
        tertiaryText={(kiln) => toDateText(kiln.install_date)}
        rightIcon={hasActions ? () => actions : undefined}
        rowClick={false}
        empty={<ListEmpty message="kilns.empty" />}
      />
    );
  }
  return (
    <RegistryDatagrid label="pages.kilnRegistry" empty="kilns.empty">
      <FunctionField<Kiln> source="kiln_id" label="kilns.columns.kilnId" render={(kiln) => <KilnIdCell kiln={kiln} />} />
      <FunctionField<Kiln> source="facility_mnemonic" label="kilns.columns.facility" render={(kiln) => <FacilityMnemonic kiln={kiln} />} />
      <FunctionField<Kiln> source="type" label="kilns.columns.type" render={(kiln) => <KilnTypeChip type={kiln.type} />} />
      <FunctionField<Kiln> source="install_date" label="kilns.columns.installDate" render={(kiln) => toDateText(kiln.install_date)} />
      <FunctionField<Kiln> source="last_update" label="kilns.columns.lastUpdate" render={(kiln) => formatDateTime(kiln.last_update)} />
      {hasActions && <WrapperField label="kilns.columns.actions">{actions}</WrapperField>}
    </RegistryDatagrid>
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
    [translate('kilns.pending')]: translate(kiln.approved_ts === null ? 'kilnLogs.export.yes' : 'kilnLogs.export.no'),
  };
}
