import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { User } from '../domain/api/users';
import { RESOURCES } from '../domain/operations';
import { PageForm, usePageFormSave } from '../forms/pageForm';
import { recordWrite } from '../forms/useFormSave';
import { queryKeys, writeKey } from '../providers/queryKeys';
import { PasswordInputWithStrength } from './PasswordInputWithStrength';
import { USER_SAVE_FAILURE, validateResetForm } from './userForm';

/** A new temporary password for the user (PUT /api/users/{id} {password}); their sessions end at once. */
export function ResetPassword({ user }: { user: User }) {
  const translate = useTranslate();
  // a new form after a reset: the entry is cleared
  const [generation, setGeneration] = useState(0);
  const save = usePageFormSave({
    write: recordWrite<{ password: unknown }>(RESOURCES.users, user.id),
    mutationKey: writeKey('updateUser'),
    success: 'users.resetDone',
    failure: USER_SAVE_FAILURE,
    onSaved: () => setGeneration((n) => n + 1),
    refresh: [queryKeys.listUserChanges(user.id)],
    validate: validateResetForm,
    payload: (values) => ({ password: values.password }),
  });

  return (
    <section aria-labelledby="reset-password-heading">
      <Typography id="reset-password-heading" variant="h6" component="h2" gutterBottom>
        {translate('users.resetHeading')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('users.resetHelp')}
      </Typography>
      <PageForm key={generation} save={save} defaultValues={{ password: '' }} notifyInvalid>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 560 }}>
          <PasswordInputWithStrength label="users.temporaryPassword" />
          <Box>
            <Button type="submit" variant="outlined" disabled={save.saving}>
              {translate('users.reset')}
            </Button>
          </Box>
        </Box>
      </PageForm>
    </section>
  );
}
