import { useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Form, type SimpleForm, type SimpleFormProps } from 'react-admin';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { formErrors, type ServerReasons } from './formErrors';
import { useFormSave, type FormSaveOptions } from './useFormSave';

export interface PageFormSaveOptions<P, R> extends FormSaveOptions<P, R> {
  /** the form's own rules, as react-admin messages (a key, or `{message, args}`) by field; none: the server's alone */
  validate?: (values: FieldValues) => Record<string, unknown>;
  /** what the write sends of the form's values; undefined: nothing (the form's rules already say why, or nothing changed) */
  payload: (values: FieldValues) => P | undefined;
}

export interface PageFormSave {
  /** the form's onSubmit: hands its values to the write; settles once the outcome is handled */
  submit: (values: FieldValues) => Promise<void>;
  /** the form's validate: its own errors, and over them each server reason while its field holds the value sent */
  validate: (values: FieldValues) => Record<string, unknown>;
  /** the server's reasons from its last 400, for ServerReasonsShown */
  serverReasons: ServerReasons | undefined;
  saving: boolean;
}

const NO_RULES = () => ({});

/**
 * The write of a form on a page (react-admin `Form`/`SimpleForm`, in a
 * `Create`/`Edit` or not) rather than in a FormDialog: useFormSave's write and
 * outcome, and the server's reasons from a 400 on the fields they name, each
 * while its field still holds what was sent, as FormDialog shows them.
 */
export function usePageFormSave<P, R>({ validate = NO_RULES, payload, ...options }: PageFormSaveOptions<P, R>): PageFormSave {
  const save = useFormSave(options);
  const sent = useRef<FieldValues | null>(null);
  const { serverReasons } = save;
  return {
    submit: (values) => {
      const sending = payload(values);
      if (sending === undefined) return Promise.resolve();
      sent.current = values;
      return save.submit(sending);
    },
    validate: (values) => ({ ...validate(values), ...formErrors(values, {}, serverReasons, sent.current) }),
    serverReasons,
    saving: save.saving,
  };
}

/**
 * Rendered inside the form: validates it again when the server's reasons arrive
 * (react-hook-form validates on submit and change only), so they show at once.
 */
function ServerReasonsShown({ serverReasons }: { serverReasons: ServerReasons | undefined }): null {
  const { trigger } = useFormContext();
  useEffect(() => {
    if (serverReasons) void trigger();
  }, [serverReasons, trigger]);
  return null;
}

/** A SimpleForm's props, which are Form's and its layout's (`toolbar`, `sx`). */
type PageFormProps = Omit<SimpleFormProps, 'validate' | 'onSubmit' | 'children'> & {
  /** the form's write and outcome, from usePageFormSave */
  save: PageFormSave;
  /**
   * react-admin's bare `Form` (the default), whose children lay out inputs and buttons, or
   * `SimpleForm`, its inputs stacked above its `toolbar` (the page of a `Create` or `Edit`)
   */
  as?: typeof Form | typeof SimpleForm;
  /**
   * react-admin's 'The form is not valid' notification on a submit with errors, besides the errors
   * on the inputs (the users', the Recent Changes and the proposal's forms have always said it)
   */
  notifyInvalid?: boolean;
  children: ReactNode;
};

/**
 * A form on a page or beside a list rather than in a FormDialog: react-admin's
 * `Form` or `SimpleForm` saved by usePageFormSave, the server's reasons from a
 * 400 shown on their fields; the form's own errors show on its inputs.
 */
export function PageForm({ save, as = Form, notifyInvalid = false, children, ...props }: PageFormProps) {
  // Form takes what SimpleForm takes but its layout
  const Shell = as as ComponentType<SimpleFormProps>;
  return (
    <Shell noValidate disableInvalidFormNotification={!notifyInvalid} {...props} validate={save.validate} onSubmit={save.submit}>
      <ServerReasonsShown serverReasons={save.serverReasons} />
      {children}
    </Shell>
  );
}
