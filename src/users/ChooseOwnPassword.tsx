import { useState } from 'react';
import { Alert, Box, Button, Paper, TextField, Typography } from '@mui/material';
import { Form, HttpError, TextInput, useDataProvider, useLogout, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { canUpdatePassword } from '../domain/passwordStrength';
import { useTabTitle } from '../layout/useTabTitle';
import { PasswordFeedback } from '../profile/ProfilePage';
import { authProvider } from '../providers/authProvider';
import type { ApiDataProvider } from '../providers/dataProvider';
import type { Session } from '../providers/session';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const keepText = (value: unknown) => (value == null ? '' : String(value));

/**
 * What a user whose password a user-admin set sees instead of the console:
 * nothing opens until they choose their own (the server refuses every other
 * call with 428). The new password then logs them in again at once, since
 * it revokes the token they came with.
 */
export default function ChooseOwnPassword({ session }: { session: Session }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const logout = useLogout();
  const [failure, setFailure] = useState<string | null>(null);
  useTabTitle('passwordChange.heading');

  const submit = async (values: FieldValues) => {
    const password = text(values.password);
    if (!canUpdatePassword(password, text(values.repeat))) return;
    setFailure(null);
    try {
      await dataProvider.updatePassword(session.username, password);
      await authProvider.login({ username: session.username, password });
    } catch (error) {
      setFailure(error instanceof HttpError && error.status === 400 ? error.message : translate('errors.unknownServer'));
    }
  };

  return (
    <Box component="main" sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
      <Paper sx={{ p: 3, width: '100%', maxWidth: 480, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h4" component="h1">
          {translate('passwordChange.heading')}
        </Typography>
        <Typography>{translate('passwordChange.explanation')}</Typography>
        <Form defaultValues={{ password: '', repeat: '' }} onSubmit={submit} noValidate>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <TextField
              label={translate('profile.username')}
              value={session.username}
              slotProps={{ htmlInput: { readOnly: true } }}
              autoComplete="username"
            />
            <TextInput
              source="password"
              label="passwordChange.password"
              type="password"
              autoComplete="new-password"
              parse={keepText}
              helperText={false}
              variant="outlined"
            />
            <TextInput
              source="repeat"
              label="profile.repeatPassword"
              type="password"
              autoComplete="new-password"
              parse={keepText}
              helperText={false}
              variant="outlined"
            />
            <PasswordFeedback submitLabel="passwordChange.submit" />
            {failure && <Alert severity="error">{failure}</Alert>}
          </Box>
        </Form>
        <Box>
          <Button onClick={() => void logout()}>{translate('menu.logout')}</Button>
        </Box>
      </Paper>
    </Box>
  );
}
