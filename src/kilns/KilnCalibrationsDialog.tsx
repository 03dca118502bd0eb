import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Confirm, useDataProvider, useTranslate } from 'react-admin';
import type { Kiln, KilnCalibration } from '../domain/api/configure';
import { formatDateTime } from '../domain/dates';
import { shortFingerprint } from '../domain/kilnKeys';
import { RESOURCES } from '../domain/operations';
import { commandFailure, useCommand } from '../forms/useCommand';
import type { ApiDataProvider } from '../providers/dataProvider';
import { RetryAlert } from '../layout/RetryAlert';
import { queryKeys, writeKey } from '../providers/queryKeys';
import { calibrationState, calibrationText } from './kilnCalibrations';

type Translate = (key: string, options?: object) => string;

const userName = (name: string | null, translate: Translate) => name ?? translate('kilns.calibrations.unknownUser');

function proposedText(c: KilnCalibration, translate: Translate): string {
  if (c.proposed_by === null) return translate('kilns.calibrations.byUpgrade');
  return translate('kilns.calibrations.proposedBy', { when: formatDateTime(c.proposed_ts), user: userName(c.proposed_by_name, translate) });
}

function stateText(c: KilnCalibration, translate: Translate): string {
  const state = calibrationState(c);
  if (state === 'superseded') return translate('kilns.calibrations.superseded', { when: formatDateTime(c.superseded_ts ?? '') });
  if (state === 'pending') return translate('kilns.calibrations.pendingState');
  const from = formatDateTime(c.effective_from ?? '');
  if (c.approved_by === null) return translate('kilns.calibrations.inForceByUpgrade', { from });
  return translate('kilns.calibrations.inForce', {
    when: formatDateTime(c.approved_ts ?? ''),
    user: userName(c.approved_by_name, translate),
    from,
  });
}

function CalibrationRows({
  kiln,
  versions,
  onApprove,
}: {
  kiln: Kiln;
  versions: KilnCalibration[];
  onApprove?: (c: KilnCalibration) => void;
}) {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={translate('kilns.calibrations.title', { kilnId: kiln.kiln_id })}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('kilns.calibrations.version')}</TableCell>
          <TableCell>{translate('kilns.calibrations.config')}</TableCell>
          <TableCell>{translate('kilns.calibrations.proposed')}</TableCell>
          <TableCell>{translate('kilns.calibrations.state')}</TableCell>
          <TableCell>{translate('kilns.calibrations.certificate')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {versions.map((c) => (
          <TableRow key={c.id}>
            <TableCell>{c.id}</TableCell>
            <TableCell>{calibrationText(c.config, translate)}</TableCell>
            <TableCell>{proposedText(c, translate)}</TableCell>
            <TableCell>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <span>{stateText(c, translate)}</span>
                {onApprove && calibrationState(c) === 'pending' && (
                  <Button
                    size="small"
                    variant="outlined"
                    aria-label={translate('kilns.calibrations.approveLabel', { id: c.id, kilnId: kiln.kiln_id })}
                    onClick={() => onApprove(c)}
                  >
                    {translate('kilns.calibrations.approve')}
                  </Button>
                )}
              </Stack>
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
              {c.certificate_sha256 ? (
                <span title={c.certificate_sha256}>{shortFingerprint(c.certificate_sha256)}</span>
              ) : (
                translate('kilns.calibrations.none')
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * A kiln's calibration history: every version, who proposed and
 * approved it, from when it is in force, its certificate; a super-admin
 * approves a pending one after a confirmation.
 */
export function KilnCalibrationsDialog({ kiln, canApprove, onClose }: { kiln: Kiln; canApprove: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const versions = useQuery({
    queryKey: queryKeys.listKilnCalibrations(kiln.id),
    queryFn: () => dataProvider.listKilnCalibrations(kiln.id),
  });
  const [approving, setApproving] = useState<KilnCalibration | null>(null);
  const approve = useCommand({
    write: (dataProvider, calibrationId: number) => dataProvider.approveKilnCalibration({ kilnId: kiln.id, calibrationId }),
    mutationKey: writeKey('approveKilnCalibration'),
    success: 'kilns.calibrations.approved',
    failure: commandFailure('kilns.calibrations.approveFailed'),
    // the registry too: its "calibration pending" mark goes
    refresh: [queryKeys.listKilnCalibrations(kiln.id), [RESOURCES.kilns]],
  });
  const titleId = `kiln-${kiln.id}-calibrations-title`;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('kilns.calibrations.title', { kilnId: kiln.kiln_id })}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('kilns.calibrations.intro')}
        </Typography>
        {versions.isError ? (
          <RetryAlert message="kilns.calibrations.loadFailed" query={versions} />
        ) : versions.data ? (
          <CalibrationRows kiln={kiln} versions={versions.data} onApprove={canApprove ? setApproving : undefined} />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('forms.close')}</Button>
      </DialogActions>
      <Confirm
        isOpen={approving !== null}
        loading={approve.running}
        title={translate('kilns.calibrations.approveTitle', { id: approving?.id ?? '' })}
        content={translate('kilns.calibrations.approveText', {
          kilnId: kiln.kiln_id,
          config: approving ? calibrationText(approving.config, translate) : '',
        })}
        confirm="kilns.calibrations.approve"
        onConfirm={() => {
          if (approving) void approve.run(approving.id);
          setApproving(null);
        }}
        onClose={() => setApproving(null)}
      />
    </Dialog>
  );
}
