import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Confirm, Form, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch, type FieldValues } from 'react-hook-form';
import { FormEditingContext } from './formEditing';
import { formErrors, type FormFieldErrors, type ServerReasons } from './formErrors';
import { useFormSave, type FormSaveOptions } from './useFormSave';

export interface FormDialogSaveOptions<P, R> extends FormSaveOptions<P, R> {
  /** closes the modal: after a success, and after any failure but a 400 */
  onClose: () => void;
  /** what the write sends of the form's values; undefined: nothing (the form's rules already say why) */
  payload: (values: FieldValues) => P | undefined;
}

/** The write of a FormDialog, from useFormDialogSave. */
export interface FormDialogSave {
  /** hands the form's values to the write */
  submit: (values: FieldValues) => void;
  /** OK shows its loading state and the dialog cannot be dismissed */
  saving: boolean;
  /** the server's reasons from its last 400, by the form's field path */
  serverReasons: ServerReasons | undefined;
}

/** A FormDialog's write and outcome: useFormSave's, sent what `payload` makes of the form's values. */
export function useFormDialogSave<P, R = unknown>({ payload, ...options }: FormDialogSaveOptions<P, R>): FormDialogSave {
  const { submit, saving, serverReasons } = useFormSave(options);
  return {
    submit: (values) => {
      const sent = payload(values);
      if (sent !== undefined) void submit(sent);
    },
    saving,
    serverReasons,
  };
}

export interface FormDialogProps {
  /** the dialog's title, translated */
  title: string;
  /** the values the form opens with (react-hook-form nests dotted paths: `config.cgo1.wicf`) */
  defaultValues: FieldValues;
  /** the domain validator's errors of the values, keyed by field path */
  validate: (values: FieldValues) => FormFieldErrors;
  /** the values are a saved record's: their errors show at once rather than once a field is touched */
  editing?: boolean;
  /**
   * the write, from useFormDialogSave, handed the values once every field is valid (docs/product.md#modals: OK only then);
   * while saving, OK shows its loading state and the dialog cannot be dismissed; the server's reasons from its
   * last 400 show each while its field holds the value sent
   */
  save: FormDialogSave;
  onClose: () => void;
  /** message key of the submit button; default OK */
  submitLabel?: string;
  children: ReactNode;
}

/** the form fills the dialog's paper; flex, so the content still scrolls between title and buttons */
const paperSx = { '& > form': { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 } } as const;

/**
 * The one form shell, the modal of every form that writes (a record, an upload,
 * a mint): react-admin's `Form` inside an MUI `Dialog`, with a title, the
 * inputs, Cancel and OK; its write and its outcome are useFormDialogSave's. The form-level
 * `validate` is the shared domain validator; OK is enabled only when it finds
 * nothing. Enter in a field submits; Escape or a click beside the dialog asks
 * first when something was entered (Cancel is a choice, it does not ask).
 */
export function FormDialog({
  title,
  defaultValues,
  validate,
  editing = false,
  save,
  onClose,
  submitLabel = 'forms.ok',
  children,
}: FormDialogProps) {
  const { saving, serverReasons } = save;
  const [confirming, setConfirming] = useState(false);
  // the form's isDirty, read by the Dialog's own dismissal, which sits outside the form
  const dirty = useRef(false);
  // the values of the last submit: a server reason stands while its field still holds what was sent
  const sent = useRef<FieldValues | null>(null);
  const dismiss = () => {
    if (saving) return;
    if (dirty.current) setConfirming(true);
    else onClose();
  };
  return (
    <Dialog open fullWidth maxWidth="sm" onClose={dismiss} slotProps={{ paper: { sx: paperSx } }}>
      <Form
        defaultValues={defaultValues}
        validate={(values: FieldValues) => formErrors(values, validate(values), serverReasons, sent.current)}
        onSubmit={(values: FieldValues) => {
          if (saving) return;
          sent.current = values;
          save.submit(values);
        }}
        mode="onChange"
        noValidate
        disableInvalidFormNotification
      >
        <FormEditingContext.Provider value={editing}>
          <FormDialogBody
            title={title}
            saving={saving}
            submitLabel={submitLabel}
            serverReasons={serverReasons}
            dirty={dirty}
            onClose={onClose}
          >
            {children}
          </FormDialogBody>
        </FormEditingContext.Provider>
      </Form>
      <Confirm
        isOpen={confirming}
        title="forms.unsavedTitle"
        content="forms.unsavedText"
        confirm="forms.discard"
        cancel="forms.keepEditing"
        onConfirm={onClose}
        onClose={() => setConfirming(false)}
      />
    </Dialog>
  );
}

interface FormDialogBodyProps {
  title: string;
  saving: boolean;
  submitLabel: string;
  serverReasons: ServerReasons | undefined;
  dirty: { current: boolean };
  onClose: () => void;
  children: ReactNode;
}

function FormDialogBody({ title, saving, submitLabel, serverReasons, dirty, onClose, children }: FormDialogBodyProps) {
  const translate = useTranslate();
  const { trigger, control } = useFormContext();
  const { isDirty, isValid } = useFormState({ control });
  const values = useWatch({ control });
  // react-hook-form validates only the field that changed; a rule between two fields and the
  // server's reasons need every field's error, so the whole form is validated on each change
  useEffect(() => {
    void trigger();
  }, [values, serverReasons, trigger]);
  useEffect(() => {
    dirty.current = isDirty;
  }, [isDirty, dirty]);
  return (
    <>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {translate('forms.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!isValid} loading={saving}>
          {translate(submitLabel)}
        </Button>
      </DialogActions>
    </>
  );
}
