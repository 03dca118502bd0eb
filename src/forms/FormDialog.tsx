import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Confirm, Form, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch, type FieldValues } from 'react-hook-form';
import { FormEditingContext } from './formEditing';
import { formErrors, type FormFieldErrors, type ServerReasons } from './formErrors';
import type { FormSave } from './useFormSave';

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
   * the write's state from useFormSave: while saving, OK shows its loading state and the dialog
   * cannot be dismissed; the server's reasons from its last 400 show each while its field holds the value sent
   */
  save: Pick<FormSave<never>, 'saving' | 'serverReasons'>;
  /** called with the values once every field is valid (docs/product.md#modals: OK only then); hands them to the save */
  onSubmit: (values: FieldValues) => void;
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
 * inputs, Cancel and OK; its write and its outcome are useFormSave's. The form-level
 * `validate` is the shared domain validator; OK is enabled only when it finds
 * nothing. Enter in a field submits; Escape or a click beside the dialog asks
 * first when something was entered (Cancel is a choice, it does not ask).
 */
export function FormDialog({
  title,
  defaultValues,
  validate,
  editing = false,
  save: { saving, serverReasons },
  onSubmit,
  onClose,
  submitLabel = 'forms.ok',
  children,
}: FormDialogProps) {
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
          onSubmit(values);
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
