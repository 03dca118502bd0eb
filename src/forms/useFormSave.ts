import { useMemo, useState } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useDataProvider, useNotify, type Identifier } from 'react-admin';
import type { ResourceName } from '../domain/operations';
import { fieldErrorsOf, useFailureReport, type FailureTexts } from '../layout/failures';
import type { ApiDataProvider } from '../providers/dataProvider';
import { currentSession } from '../providers/session';
import type { ServerReasons } from './formErrors';

export interface FormSaveOptions<P, R = unknown> {
  /** the write: one data-provider method, a resource's create or update or a custom method (signOffAudit, …) */
  write: (dataProvider: ApiDataProvider, payload: P) => Promise<R>;
  /** the write's key, from providers/queryKeys.ts */
  mutationKey: QueryKey;
  /** message key of the success notification, or the key (and its arguments) for what the server answered and what was written; none where the screen's own change says it */
  success?: string | ((result: R, payload: P) => string | SuccessMessage);
  /** the notification texts of a failure (docs/product.md#error-catalogue) */
  failure: FailureTexts;
  /** closes the modal (a form on a page has none) */
  onClose?: () => void;
  /** after a success, before the modal closes, with what the server answered: a page's form clears its entries */
  onSaved?: (result: R) => void;
  /** queries the write makes stale, reloaded after either outcome (not while a 400 keeps a modal open); saving lasts until they are */
  refresh: readonly QueryKey[];
  /** a path of the server's field errors as the form names it, where the two differ */
  fieldPath?: (serverPath: string) => string;
}

/** A success notification that names what was written. */
export interface SuccessMessage {
  message: string;
  args: Record<string, unknown>;
}

export interface FormSave<P> {
  /** runs the write; settles (never rejects) once the outcome is handled, so a form's submitting state lasts as long */
  submit: (payload: P) => Promise<void>;
  /** OK shows its loading state and the form cannot be dismissed */
  saving: boolean;
  /** the server's reasons from its last 400, by the form's field path: FormDialog's serverReasons */
  serverReasons: ServerReasons | undefined;
}

const samePath = (path: string) => path;

/**
 * The one outcome policy of every write a form makes (docs/product.md#modals, docs/product.md#error-catalogue), through the
 * data provider: a success notifies and closes the modal; a failure is notified
 * by status with the spec's texts and closes the modal too, except after a
 * 400, when the form stays open for the user to correct the input, the
 * server's reasons on the fields they name. After either outcome what the
 * write changed is reloaded (the server may hold other data than the screen),
 * but for a modal kept open by a 400.
 */
export function useFormSave<P, R = unknown>({
  write,
  mutationKey,
  success,
  failure,
  onClose,
  onSaved,
  refresh,
  fieldPath = samePath,
}: FormSaveOptions<P, R>): FormSave<P> {
  const dataProvider = useDataProvider<ApiDataProvider>();
  const queryClient = useQueryClient();
  const { notifySuccess, report } = useWriteOutcome();
  const [serverReasons, setServerReasons] = useState<ServerReasons>();
  const reload = async () => {
    await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
  const { mutateAsync, isPending } = useMutation({
    mutationKey,
    mutationFn: (payload: P) => write(dataProvider, payload),
    onMutate: () => ({ signedIn: currentSession() !== null }),
    onSuccess: (result, payload, context) => {
      notifySuccess(typeof success === 'function' ? success(result, payload) : success, context.signedIn);
      // an earlier 400's reasons judged other values
      setServerReasons(undefined);
      onSaved?.(result);
      onClose?.();
      return reload();
    },
    onError: (error: unknown) => {
      const kind = report(error, failure);
      if (kind === 'badRequest') {
        const reasons = fieldErrorsOf(error);
        if (reasons) setServerReasons(Object.fromEntries(Object.entries(reasons).map(([path, reason]) => [fieldPath(path), reason])));
        // nothing was written, and the open modal keeps the data it was opened with
        if (onClose) return;
      } else onClose?.();
      return reload();
    },
  });
  const submit = (payload: P) =>
    mutateAsync(payload).then(
      () => undefined,
      // the failure is reported above
      () => undefined,
    );
  return { submit, saving: isPending, serverReasons };
}

/**
 * The notifications of the one outcome policy: useFormSave's, and those of the one
 * write that runs through react-admin instead (PolicyDeleteButton's delete): a
 * success says what was written, a failure is reported by status with the screen's texts.
 */
export function useWriteOutcome() {
  const notify = useNotify();
  const report = useFailureReport();
  return useMemo(
    () => ({
      /** notifies a success; `signedIn`: a session was open when the write began */
      notifySuccess: (said: string | SuccessMessage | undefined, signedIn: boolean) => {
        // after a 401 react-admin logs out and resolves the call: nothing to announce
        if (said !== undefined && (!signedIn || currentSession()))
          notify(typeof said === 'string' ? said : said.message, {
            type: 'success',
            messageArgs: typeof said === 'string' ? undefined : said.args,
          });
      },
      /** report(error, texts): useFailureReport's, telling which kind of failure it was */
      report,
    }),
    [notify, report],
  );
}

/** The write of a record's form: its resource's create, or the update of the record being edited. */
export const recordWrite =
  <T extends object>(resource: ResourceName, id: Identifier | null) =>
  (dataProvider: ApiDataProvider, data: T): Promise<unknown> =>
    id === null ? dataProvider.create(resource, { data }) : dataProvider.update(resource, { id, data, previousData: { id } });
