import ArchiveIcon from '@mui/icons-material/Archive';
import DownloadIcon from '@mui/icons-material/Download';
import LinkIcon from '@mui/icons-material/Link';
import LockIcon from '@mui/icons-material/Lock';
import RefreshIcon from '@mui/icons-material/Refresh';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import { useState } from 'react';
import { Box, Stack, Tooltip } from '@mui/material';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { KilnLog } from '../domain/api/kilnLogs';
import type { ApiDataProvider } from '../providers/dataProvider';
import { AssignLogDialog } from './AssignLogDialog';
import { LogCommandButton } from './LogCommandButton';
import { saveFile } from './saveFile';
import { useLogCommand } from './useLogCommand';
import { useUndoableCommand } from './useUndoableCommand';
import { RESOURCES } from '../domain/operations';

function DownloadButton({ log }: { log: KilnLog }) {
  const dataProvider = useDataProvider<ApiDataProvider>();
  const download = useLogCommand(dataProvider.downloadKilnLog, { failure: 'kilnLogs.notify.downloadFailed', changesRow: false }, (file) =>
    saveFile(file.blob, file.fileName),
  );
  return (
    <LogCommandButton
      label="kilnLogs.actions.download"
      icon={<DownloadIcon />}
      pending={download.isPending}
      onClick={() => download.mutate(log.id)}
    />
  );
}

function AnalyseButton({ log }: { log: KilnLog }) {
  const dataProvider = useDataProvider<ApiDataProvider>();
  const analyse = useLogCommand(dataProvider.analyseKilnLog, {
    success: 'kilnLogs.notify.analysed',
    failure: 'kilnLogs.notify.analyseFailed',
  });
  return (
    <LogCommandButton
      label="kilnLogs.actions.analyse"
      icon={<RefreshIcon />}
      pending={analyse.isPending}
      onClick={() => analyse.mutate(log.id)}
    />
  );
}

function ArchiveButton({ log }: { log: KilnLog }) {
  const archive = useUndoableCommand({
    resource: RESOURCES.kilnLogs,
    success: 'kilnLogs.notify.archived',
    failure: 'kilnLogs.notify.archiveFailed',
  });
  return (
    <LogCommandButton
      label="kilnLogs.actions.archive"
      icon={<ArchiveIcon />}
      pending={archive.isPending}
      onClick={() => archive.start(log)}
    />
  );
}

function RestoreButton({ log }: { log: KilnLog }) {
  const restore = useUndoableCommand({
    resource: RESOURCES.archivedKilnLogs,
    success: 'kilnLogs.notify.restored',
    failure: 'kilnLogs.notify.restoreFailed',
  });
  return (
    <LogCommandButton
      label="kilnLogs.actions.restore"
      icon={<UnarchiveIcon />}
      pending={restore.isPending}
      onClick={() => restore.start(log)}
    />
  );
}

/** A super-admin's Assign on a log of no facility (its kiln was unknown): opens the choice of kiln. */
function AssignButton({ log }: { log: KilnLog }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <LogCommandButton label="kilnLogs.actions.assign" icon={<LinkIcon />} pending={false} onClick={() => setOpen(true)} />
      {open && <AssignLogDialog log={log} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Marks an audited burn, whose analysis and archival are locked (docs/product.md#what-the-product-does), naming its audit by job id. */
function AuditedMark({ jobId }: { jobId: string | null }) {
  const translate = useTranslate();
  const text = jobId === null ? translate('kilnLogs.actions.audited') : translate('kilnLogs.actions.auditedBy', { jobId });
  return (
    <Tooltip title={text}>
      <Box component="span" role="img" aria-label={text} tabIndex={0} sx={{ display: 'inline-flex', p: '5px', color: 'text.secondary' }}>
        <LockIcon fontSize="small" aria-hidden />
      </Box>
    </Tooltip>
  );
}

/** A live log's commands: download for all; analyse and archive for who may, never for an audited burn; assign for a super-admin, on a log of no facility. */
export function KilnLogRowActions({
  canAnalyse,
  canArchive,
  canAssign = false,
}: {
  canAnalyse: boolean;
  canArchive: boolean;
  canAssign?: boolean;
}) {
  const log = useRecordContext<KilnLog>();
  if (!log) return null;
  return (
    <Stack direction="row" justifyContent="flex-end" alignItems="center">
      <DownloadButton log={log} />
      {log.audited ? (
        <AuditedMark jobId={log.audit_job_id} />
      ) : (
        <>
          {canAssign && log.facility_id === null && <AssignButton log={log} />}
          {canAnalyse && <AnalyseButton log={log} />}
          {canArchive && <ArchiveButton log={log} />}
        </>
      )}
    </Stack>
  );
}

/** An archived log's commands: download, and restore for who may. */
export function ArchivedLogRowActions({ canRestore }: { canRestore: boolean }) {
  const log = useRecordContext<KilnLog>();
  if (!log) return null;
  return (
    <Stack direction="row" justifyContent="flex-end" alignItems="center">
      <DownloadButton log={log} />
      {canRestore && <RestoreButton log={log} />}
    </Stack>
  );
}
