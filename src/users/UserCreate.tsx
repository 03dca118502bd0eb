import { Typography } from '@mui/material';
import { Create, SimpleForm, TextInput, required, useNotify, useRedirect, useTranslate } from 'react-admin';
import type { User } from '../domain/api/users';
import { RESOURCES } from '../domain/operations';
import type { UserFormValues } from '../domain/userValidation';
import { useOwnerChangeConfirm } from './OwnerChangeConfirm';
import { PasswordInputWithStrength } from './PasswordInputWithStrength';
import { UserAccessInputs } from './UserAccessInputs';
import { accessPayload, validateCreateForm } from './userForm';

// marks the required fields with an asterisk; the form's shared rules (validateCreateForm) still decide
const REQUIRED = [required()];

function UserCreateForm() {
  const translate = useTranslate();
  const { onSubmit, dialog } = useOwnerChangeConfirm(undefined);
  return (
    <>
      <Typography variant="h5" component="h2" sx={{ p: 2, pb: 0 }}>
        {translate('users.newUser')}
      </Typography>
      <SimpleForm validate={validateCreateForm} onSubmit={onSubmit} sx={{ maxWidth: 560 }}>
        <TextInput source="username" label="users.username" autoComplete="off" variant="outlined" validate={REQUIRED} />
        <UserAccessInputs required />
        <PasswordInputWithStrength label="users.temporaryPassword" />
      </SimpleForm>
      {dialog}
    </>
  );
}

/** A new user with a temporary password, which they replace at their first login. */
export function UserCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create<User>
      resource={RESOURCES.users}
      title="users.newUser"
      transform={(values: UserFormValues) => ({ username: values.username, password: values.password, ...accessPayload(values) })}
      // an onSuccess of one's own replaces react-admin's notification and redirect
      mutationOptions={{
        onSuccess: (user) => {
          notify(user.locked ? 'users.created_locked' : 'users.created_notice', { type: 'success' });
          redirect('list', RESOURCES.users);
        },
      }}
    >
      <UserCreateForm />
    </Create>
  );
}
