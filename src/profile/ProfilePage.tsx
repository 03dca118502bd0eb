import { useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { Form, HttpError, TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useFormState, useWatch, type FieldValues } from 'react-hook-form';
import { canUpdatePassword, passwordStrength } from '../domain/passwordStrength';
import { Page } from '../layout/Page';
import { useNotifyTitled } from '../layout/notifications';
import type { ApiDataProvider } from '../providers/dataProvider';
import { useSession } from '../providers/useSession';
import { PasswordStrengthBar } from './PasswordStrengthBar';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
// text stays text (react-admin turns a blank input into null by default)
const keepText = (value: unknown) => (value == null ? '' : String(value));

/** The user's own profile (spec §2 Profile, §5 Password change): a react-admin form. */
export default function ProfilePage() {
  const username = useSession()?.username ?? '';
  const dataProvider = useDataProvider<ApiDataProvider>();
  const notify = useNotify();
  const notifyTitled = useNotifyTitled();
  // a new form after a success: the entries are cleared
  const [generation, setGeneration] = useState(0);

  const submit = async (values: FieldValues) => {
    const password = text(values.password);
    if (!canUpdatePassword(password, text(values.repeat))) return;
    try {
      const result = await dataProvider.updatePassword(username, password);
      // after a 401 react-admin logs out and resolves with an empty result instead
      if (result.status !== 1) return;
      notify('profile.updated', { type: 'success' });
      setGeneration((n) => n + 1);
    } catch (error) {
      const badRequest = error instanceof HttpError && error.status === 400;
      notifyTitled('profile.errorTitle', badRequest ? 'errors.badRequest' : 'errors.unknownServer');
    }
  };

  return (
    <Page title="profile.heading">
      <Box sx={{ maxWidth: 480 }}>
        <Form key={generation} defaultValues={{ username, password: '', repeat: '' }} onSubmit={submit} noValidate>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <TextInput source="username" label="profile.username" autoComplete="username" readOnly helperText={false} variant="outlined" />
            <TextInput
              source="password"
              label="profile.password"
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
            <PasswordFeedback />
          </Box>
        </Form>
      </Box>
    </Page>
  );
}

/** Whether the entries match, the strength bar, and Update Password: enabled only for matching entries at Medium or better. */
export function PasswordFeedback({ submitLabel = 'profile.update' }: { submitLabel?: string }) {
  const translate = useTranslate();
  const password = text(useWatch({ name: 'password' }));
  const repeat = text(useWatch({ name: 'repeat' }));
  const { isSubmitting } = useFormState();
  const matches = password === repeat;
  return (
    <>
      {(password !== '' || repeat !== '') && (
        <Alert severity={matches ? 'success' : 'error'} role="status">
          {translate(matches ? 'profile.match' : 'profile.noMatch')}
        </Alert>
      )}
      <PasswordStrengthBar level={passwordStrength(password)} />
      <Box>
        <Button type="submit" variant="contained" disabled={!canUpdatePassword(password, repeat) || isSubmitting}>
          {translate(submitLabel)}
        </Button>
      </Box>
    </>
  );
}
