import { useState, type FormEvent, type ReactNode } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';

export interface FormDialogProps {
  /** the dialog's title, translated */
  title: string;
  /** OK is enabled only when this holds (spec §4: every field valid) */
  canSubmit: boolean;
  /** OK shows its loading state and the dialog cannot be dismissed */
  saving: boolean;
  onSubmit: () => void;
  onClose: () => void;
  /** message key of the submit button; default OK */
  submitLabel?: string;
  /** something was entered: Escape or a click beside the dialog asks before closing */
  dirty?: boolean;
  children: ReactNode;
}

/**
 * The modal of every Configure form and upload: a title, the fields, Cancel
 * and OK. Enter in a field submits when OK is enabled; Escape cancels, but
 * asks first when something was entered (Cancel is a choice, it does not ask).
 */
export function FormDialog({ title, canSubmit, saving, onSubmit, onClose, submitLabel = 'forms.ok', dirty = false, children }: FormDialogProps) {
  const translate = useTranslate();
  const [confirming, setConfirming] = useState(false);
  const dismiss = () => {
    if (saving) return;
    if (dirty) setConfirming(true);
    else onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit && !saving) onSubmit();
  };
  return (
    <Dialog open fullWidth maxWidth="sm" onClose={dismiss}>
      {/* inside the paper (role dialog) rather than as it; flex, so the content still scrolls between title and buttons */}
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {translate('forms.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!canSubmit} loading={saving}>
            {translate(submitLabel)}
          </Button>
        </DialogActions>
      </Box>
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
