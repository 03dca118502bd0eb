import type { FormEvent, ReactNode } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

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
  children: ReactNode;
}

/**
 * The modal of every Configure form and upload: a title, the fields, Cancel
 * and OK. Enter in a field submits when OK is enabled; Escape cancels.
 */
export function FormDialog({ title, canSubmit, saving, onSubmit, onClose, submitLabel = 'forms.ok', children }: FormDialogProps) {
  const translate = useTranslate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit && !saving) onSubmit();
  };
  return (
    <Dialog open fullWidth maxWidth="sm" onClose={saving ? undefined : onClose}>
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
    </Dialog>
  );
}
