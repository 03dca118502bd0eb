import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, TextField } from '@mui/material';
import { HttpError, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { canUpdatePassword, passwordStrength } from '../domain/passwordStrength';
import { Page } from '../layout/Page';
import { useNotifyTitled } from '../layout/notifications';
import type { ApiDataProvider } from '../providers/dataProvider';
import { useSession } from '../providers/useSession';
import { PasswordStrengthBar } from './PasswordStrengthBar';

/** The user's own profile (spec §2 Profile, §5 Password change). */
export default function ProfilePage() {
  const translate = useTranslate();
  const username = useSession()?.username ?? '';
  const dataProvider = useDataProvider<ApiDataProvider>();
  const notify = useNotify();
  const notifyTitled = useNotifyTitled();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canUpdatePassword(password, repeat) || saving) return;
    setSaving(true);
    try {
      const result = await dataProvider.updatePassword(username, password);
      // after a 401 react-admin logs out and resolves with an empty result instead
      if (result.status !== 1) return;
      notify('profile.updated', { type: 'success' });
      setPassword('');
      setRepeat('');
    } catch (error) {
      const badRequest = error instanceof HttpError && error.status === 400;
      notifyTitled('profile.errorTitle', badRequest ? 'errors.badRequest' : 'errors.unknownServer');
    } finally {
      setSaving(false);
    }
  };

  const matches = password === repeat;
  return (
    <Page title="profile.heading">
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 480 }}
      >
        <TextField
          label={translate('profile.username')}
          value={username}
          autoComplete="username"
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <TextField
          label={translate('profile.password')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextField
          label={translate('profile.repeatPassword')}
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
        />
        {(password !== '' || repeat !== '') && (
          <Alert severity={matches ? 'success' : 'error'} role="status">
            {translate(matches ? 'profile.match' : 'profile.noMatch')}
          </Alert>
        )}
        <PasswordStrengthBar level={passwordStrength(password)} />
        <Box>
          <Button type="submit" variant="contained" disabled={!canUpdatePassword(password, repeat) || saving}>
            {translate('profile.update')}
          </Button>
        </Box>
      </Box>
    </Page>
  );
}
