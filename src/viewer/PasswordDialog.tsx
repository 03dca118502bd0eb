import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface PasswordDialogProps {
  /** asked again after a wrong password */
  incorrect: boolean;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}

/** The PDF password prompt and, after a wrong one, the incorrect-password prompt (docs/product.md#viewer). */
export function PasswordDialog({ incorrect, onSubmit, onCancel }: PasswordDialogProps) {
  const translate = useTranslate();
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(password);
  };
  return (
    <Dialog open onClose={onCancel} maxWidth="xs" fullWidth>
      <form onSubmit={submit}>
        <DialogTitle>{translate(incorrect ? 'viewer.incorrectPasswordTitle' : 'viewer.passwordTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate(incorrect ? 'viewer.incorrectPasswordPrompt' : 'viewer.passwordPrompt')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            type="password"
            autoComplete="off"
            label={translate('viewer.password')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{translate('forms.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={password === ''}>
            {translate('viewer.open')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
