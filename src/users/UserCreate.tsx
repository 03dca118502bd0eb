import { Create, SimpleForm, TextInput, useNotify, useRedirect } from 'react-admin';
import { RESOURCES } from '../domain/operations';
import type { UserFormValues } from '../domain/userValidation';
import { PasswordInputWithStrength } from './PasswordInputWithStrength';
import { UserAccessInputs } from './UserAccessInputs';
import { accessPayload, validateCreateForm } from './userForm';

/** A new user with a temporary password, which they replace at their first login. */
export function UserCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      resource={RESOURCES.users}
      title="users.newUser"
      transform={(values: UserFormValues) => ({ username: values.username, password: values.password, ...accessPayload(values) })}
      // an onSuccess of one's own replaces react-admin's notification and redirect
      mutationOptions={{
        onSuccess: () => {
          notify('users.created_notice', { type: 'success' });
          redirect('list', RESOURCES.users);
        },
      }}
    >
      <SimpleForm validate={validateCreateForm} sx={{ maxWidth: 560 }}>
        <TextInput source="username" label="users.username" autoComplete="off" variant="outlined" />
        <UserAccessInputs />
        <PasswordInputWithStrength label="users.temporaryPassword" />
      </SimpleForm>
    </Create>
  );
}
