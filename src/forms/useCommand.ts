/**
 * The commands of the console: a click that writes or downloads, with no
 * entries of its own. Two kinds, both reporting a failure by the one policy
 * (useFailureReport):
 * - useCommand, a write whose outcome is a form's (useFormSave): the screen's
 *   texts, its success named, the queries it changed read again (Update
 *   Statistics, a release, a key revoked or approved, a withdrawal);
 * - useRowCommand, one command on a row of a list (analyse a burn, approve a
 *   kiln, a download; useFileDownload): the generic command failure, and
 *   every list read again, since a refusal usually means the row changed meanwhile.
 */
import { useMutation } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import { useFailureReport, type FailureTexts } from '../layout/failures';
import type { DownloadedFile } from '../providers/apiMethods';
import { saveFile } from './saveFile';
import { useFormSave, type FormSaveOptions } from './useFormSave';

/** A command's write: useFormSave's options, less a modal's (a command has no entries to keep open). */
export type CommandOptions<P, R> = Omit<FormSaveOptions<P, R>, 'onClose' | 'fieldPath'>;

export interface Command<P> {
  /** runs the write; settles (never rejects) once its outcome is handled */
  run: (payload: P) => Promise<void>;
  /** until the outcome is handled and what it changed is read again */
  running: boolean;
}

/** A write without a form (a button, a confirmation's OK), with the outcome of every form's write. */
export function useCommand<P = void, R = unknown>(options: CommandOptions<P, R>): Command<P> {
  const { submit, saving } = useFormSave(options);
  return { run: submit, running: saving };
}

export interface RowCommandOptions {
  /** message key of the success notification; none: no notification */
  success?: string;
  /** message key of the failure notification's title */
  failure: string;
  /** false for a command that only reads (download): the lists are refreshed only after a failure */
  changesRow?: boolean;
}

/** A failed command's notification: its title, the server's own sentence for a refusal (4xx), the generic text for anything else. */
export const commandFailure = (title: string): FailureTexts => ({ title, other: 'errors.unknownServer', serverReason: 'refusal' });

/**
 * One command on one record (analyse, download, approve a kiln): runs it,
 * notifies the outcome, and refreshes the lists either way, since a refusal
 * usually means the row changed meanwhile.
 */
export function useRowCommand<T, A = number>(run: (arg: A) => Promise<T>, options: RowCommandOptions, onDone?: (result: T) => void) {
  const { success, failure, changesRow = true } = options;
  const notify = useNotify();
  const report = useFailureReport();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      onDone?.(result);
      if (success) notify(success, { type: 'success' });
    },
    onError: (error) => {
      console.error(error);
      report(error, commandFailure(failure));
    },
    onSettled: (_result, error) => {
      if (changesRow || error) refresh();
    },
  });
}

/**
 * A file downloaded by its record's id (a burn log, an audit's package) and
 * handed to the browser's save under its name; a failure is notified under
 * `failure`. Only reads: the lists are refreshed after a failure alone.
 */
export function useFileDownload(download: (id: number) => Promise<DownloadedFile>, failure: string) {
  return useRowCommand(download, { failure, changesRow: false }, (file) => saveFile(file.blob, file.fileName));
}
