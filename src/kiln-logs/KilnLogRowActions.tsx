import ArchiveIcon from '@mui/icons-material/Archive';
import DownloadIcon from '@mui/icons-material/Download';
import LinkIcon from '@mui/icons-material/Link';
import LockIcon from '@mui/icons-material/Lock';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import RefreshIcon from '@mui/icons-material/Refresh';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import { useState, type ReactNode } from 'react';
import { Box, Stack, Tooltip } from '@mui/material';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { KilnLog } from '../domain/api/kilnLogs';
import type { ApiDataProvider } from '../providers/dataProvider';
import { AssignLogDialog } from './AssignLogDialog';
import { LogCommandButton } from './LogCommandButton';
import { useFileDownload, useRowCommand } from '../forms/useCommand';
import { useUndoableCommand, type UndoableCommandOptions } from './useUndoableCommand';
import { RESOURCES } from '../domain/operations';

/** The row commands' buttons: each labelled kilnLogs.actions.{name}, with its icon. */
const COMMAND_ICONS = {
  download: <DownloadIcon />,
  analyse: <RefreshIcon />,
  archive: <ArchiveIcon />,
  restore: <UnarchiveIcon />,
  assign: <LinkIcon />,
};

type CommandName = keyof typeof COMMAND_ICONS;

function CommandButton({ name, pending, onClick }: { name: CommandName; pending: boolean; onClick: () => void }) {
  return <LogCommandButton label={`kilnLogs.actions.${name}`} icon={COMMAND_ICONS[name]} pending={pending} onClick={onClick} />;
}

function DownloadButton({ log }: { log: KilnLog }) {
  const dataProvider = useDataProvider<ApiDataProvider>();
  const download = useFileDownload(dataProvider.downloadKilnLog, 'kilnLogs.notify.downloadFailed');
  return <CommandButton name="download" pending={download.isPending} onClick={() => download.mutate(log.id)} />;
}

function AnalyseButton({ log }: { log: KilnLog }) {
  const dataProvider = useDataProvider<ApiDataProvider>();
  const analyse = useRowCommand(dataProvider.analyseKilnLog, {
    success: 'kilnLogs.notify.analysed',
    failure: 'kilnLogs.notify.analyseFailed',
  });
  return <CommandButton name="analyse" pending={analyse.isPending} onClick={() => analyse.mutate(log.id)} />;
}

/** The commands that move a log out of its list, with Undo: archive from the live logs, restore from the archived ones. */
const MOVES: Record<'archive' | 'restore', UndoableCommandOptions> = {
  archive: {
    resource: RESOURCES.kilnLogs,
    operation: 'archiveKilnLog',
    write: (dataProvider, id) => dataProvider.archiveKilnLog(id),
    success: 'kilnLogs.notify.archived',
    failure: 'kilnLogs.notify.archiveFailed',
  },
  restore: {
    resource: RESOURCES.archivedKilnLogs,
    operation: 'restoreKilnLog',
    write: (dataProvider, id) => dataProvider.restoreKilnLog(id),
    success: 'kilnLogs.notify.restored',
    failure: 'kilnLogs.notify.restoreFailed',
  },
};

function MoveButton({ log, name }: { log: KilnLog; name: keyof typeof MOVES }) {
  const move = useUndoableCommand(MOVES[name]);
  return <CommandButton name={name} pending={move.isPending} onClick={() => move.start(log)} />;
}

/** A super-admin's Assign on a log of no facility (its kiln was unknown): opens the choice of kiln. */
function AssignButton({ log }: { log: KilnLog }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <CommandButton name="assign" pending={false} onClick={() => setOpen(true)} />
      {open && <AssignLogDialog log={log} onClose={() => setOpen(false)} />}
    </>
  );
}

/** An icon saying where a burn stands, its words on hover and focus and to a screen reader. */
function StatusMark({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Tooltip title={text}>
      <Box component="span" role="img" aria-label={text} tabIndex={0} sx={{ display: 'inline-flex', p: '5px', color: 'text.secondary' }}>
        {icon}
      </Box>
    </Tooltip>
  );
}

/** Marks an audited burn, whose analysis and archival are locked (docs/product.md#what-the-product-does), naming its audit by job id. */
function AuditedMark({ jobId }: { jobId: string | null }) {
  const translate = useTranslate();
  const text = jobId === null ? translate('kilnLogs.actions.audited') : translate('kilnLogs.actions.auditedBy', { jobId });
  return <StatusMark icon={<LockIcon fontSize="small" aria-hidden />} text={text} />;
}

/** Marks a burn an open proposal holds: Propose Audit lists it for no other until that one is signed off or withdrawn. */
function ProposedMark({ jobId }: { jobId: string }) {
  const translate = useTranslate();
  return (
    <StatusMark icon={<PendingActionsIcon fontSize="small" aria-hidden />} text={translate('kilnLogs.actions.inProposal', { jobId })} />
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
          {log.proposal_job_id && <ProposedMark jobId={log.proposal_job_id} />}
          {canAssign && log.facility_id === null && <AssignButton log={log} />}
          {canAnalyse && <AnalyseButton log={log} />}
          {canArchive && <MoveButton log={log} name="archive" />}
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
      {canRestore && <MoveButton log={log} name="restore" />}
    </Stack>
  );
}
