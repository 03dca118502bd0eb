import { Box, Button, Paper, TextField, Typography } from '@mui/material';
import { useLogout, useTranslate } from 'react-admin';
import { PageForm } from '../forms/pageForm';
import { useTabTitle } from '../layout/useTabTitle';
import { NewPasswordInputs, useNewPasswordSave } from '../profile/ProfilePage';
import { authProvider } from '../providers/authProvider';
import type { Session } from '../providers/session';

/**
 * What a user whose password a user-admin set sees instead of the console:
 * nothing opens until they choose their own (the server refuses every other
 * call with 428). The new password then logs them in again at once, since
 * it revokes the token they came with.
 */
export default function ChooseOwnPassword({ session }: { session: Session }) {
  const translate = useTranslate();
  const logout = useLogout();
  useTabTitle('passwordChange.heading');
  // Profile's write and texts; its success is the console opening, so no notification says it
  const save = useNewPasswordSave({
    write: async (dataProvider, password) => {
      await dataProvider.changePassword(session.username, password);
      // the new password revoked the token this screen came with
      await authProvider.login({ username: session.username, password });
    },
  });

  return (
    <Box component="main" sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
      <Paper sx={{ p: 3, width: '100%', maxWidth: 480, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h4" component="h1">
          {translate('passwordChange.heading')}
        </Typography>
        <Typography>{translate('passwordChange.explanation')}</Typography>
        <PageForm save={save} defaultValues={{ password: '', repeat: '' }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <TextField
              label={translate('profile.username')}
              value={session.username}
              slotProps={{ htmlInput: { readOnly: true } }}
              autoComplete="username"
            />
            <NewPasswordInputs passwordLabel="passwordChange.password" submitLabel="passwordChange.submit" />
          </Box>
        </PageForm>
        <Box>
          <Button onClick={() => void logout()}>{translate('menu.logout')}</Button>
        </Box>
      </Paper>
    </Box>
  );
}
