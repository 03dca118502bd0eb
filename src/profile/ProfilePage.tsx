import { useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { canUpdatePassword, passwordStrength } from '../domain/passwordStrength';
import { PageForm, usePageFormSave } from '../forms/pageForm';
import type { ApiDataProvider } from '../providers/dataProvider';
import type { FailureTexts } from '../layout/failures';
import { Page } from '../layout/Page';
import { writeKey } from '../providers/queryKeys';
import { useSession } from '../providers/useSession';
import { PasswordStrengthBar } from './PasswordStrengthBar';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
// text stays text (react-admin turns a blank input into null by default)
const keepText = (value: unknown) => (value == null ? '' : String(value));

/** A password update's failure (docs/product.md#error-catalogue: 'Error persisting user.'), here and on Choose Your Password. */
export const PASSWORD_FAILURE: FailureTexts = {
  title: 'profile.errorTitle',
  badRequest: 'errors.badRequest',
  other: 'errors.unknownServer',
};

/** The user's own profile (docs/product.md#profile, docs/product.md#password-change): a react-admin form. */
export default function ProfilePage() {
  const username = useSession()?.username ?? '';
  // a new form after a success: the entries are cleared
  const [generation, setGeneration] = useState(0);
  const save = useNewPasswordSave({
    write: (dataProvider, password) => dataProvider.changePassword(username, password),
    success: 'profile.updated',
    onSaved: () => setGeneration((n) => n + 1),
  });

  return (
    <Page title="profile.heading">
      <Box sx={{ maxWidth: 480 }}>
        <PageForm key={generation} save={save} defaultValues={{ username, password: '', repeat: '' }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <TextInput source="username" label="profile.username" autoComplete="username" readOnly helperText={false} variant="outlined" />
            <NewPasswordInputs passwordLabel="profile.password" />
          </Box>
        </PageForm>
      </Box>
    </Page>
  );
}

// the server judges the password as `pass`
const passwordFieldPath = (path: string) => (path === 'pass' ? 'password' : path);

/**
 * The write of a new password, Profile's and Choose Your Password's: one key, the
 * spec's texts, the server's `pass` reason on the password field; sent only for
 * matching entries at Medium or better.
 */
export function useNewPasswordSave({
  write,
  success,
  onSaved,
}: {
  write: (dataProvider: ApiDataProvider, password: string) => Promise<unknown>;
  success?: string;
  onSaved?: () => void;
}) {
  return usePageFormSave({
    write,
    mutationKey: writeKey('changePassword'),
    success,
    failure: PASSWORD_FAILURE,
    onSaved,
    fieldPath: passwordFieldPath,
    refresh: [],
    payload: (values) => (canUpdatePassword(text(values.password), text(values.repeat)) ? text(values.password) : undefined),
  });
}

/** The new password, its repeat and PasswordFeedback: Profile's and Choose Your Password's entries. */
export function NewPasswordInputs({ passwordLabel, submitLabel }: { passwordLabel: string; submitLabel?: string }) {
  return (
    <>
      <TextInput
        source="password"
        label={passwordLabel}
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
      <PasswordFeedback submitLabel={submitLabel} />
    </>
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
