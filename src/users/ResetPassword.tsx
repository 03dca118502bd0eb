import { Box, Button, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { User } from '../domain/api/users';
import { RESOURCES } from '../domain/operations';
import { PasswordInputWithStrength } from './PasswordInputWithStrength';
import { validateResetForm } from './userForm';
import { queryKeys } from '../providers/queryKeys';

/** A new temporary password for the user (PUT /api/users/{id} {password}); their sessions end at once. */
export function ResetPassword({ user }: { user: User }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [update, { isPending }] = useUpdate();
  // a new form after a reset: the entry is cleared
  const [generation, setGeneration] = useState(0);

  const submit = (values: FieldValues) =>
    update(
      RESOURCES.users,
      { id: user.id, data: { password: values.password }, previousData: user },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('users.resetDone', { type: 'success' });
          setGeneration((n) => n + 1);
          void queryClient.invalidateQueries({ queryKey: queryKeys.userChanges(user.id) });
        },
        onError: (error) => notify(error instanceof Error ? error.message : 'errors.unknownServer', { type: 'error' }),
      },
    );

  return (
    <section aria-labelledby="reset-password-heading">
      <Typography id="reset-password-heading" variant="h6" component="h2" gutterBottom>
        {translate('users.resetHeading')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('users.resetHelp')}
      </Typography>
      <Form key={generation} defaultValues={{ password: '' }} validate={validateResetForm} onSubmit={submit} noValidate>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 560 }}>
          <PasswordInputWithStrength label="users.temporaryPassword" />
          <Box>
            <Button type="submit" variant="outlined" disabled={isPending}>
              {translate('users.reset')}
            </Button>
          </Box>
        </Box>
      </Form>
    </section>
  );
}
