import { Typography } from '@mui/material';
import { Create, SaveButton, SimpleForm, TextInput, Toolbar, required, useRedirect, useTranslate } from 'react-admin';
import type { User, UserCreateRequest } from '../domain/api/users';
import { RESOURCES } from '../domain/operations';
import { PageForm, usePageFormSave, type PageFormSave } from '../forms/pageForm';
import { queryKeys, writeKey } from '../providers/queryKeys';
import { useOwnerChangeConfirm } from './OwnerChangeConfirm';
import { PasswordInputWithStrength } from './PasswordInputWithStrength';
import { UserAccessInputs } from './UserAccessInputs';
import { USER_SAVE_FAILURE, accessPayload, validateCreateForm } from './userForm';

// marks the required fields with an asterisk; the form's shared rules (validateCreateForm) still decide
const REQUIRED = [required()];

function UserCreateForm({ save }: { save: PageFormSave }) {
  const translate = useTranslate();
  const confirmed = useOwnerChangeConfirm(undefined, save);
  return (
    <>
      <Typography variant="h5" component="h2" sx={{ p: 2, pb: 0 }}>
        {translate('users.newUser')}
      </Typography>
      <PageForm
        as={SimpleForm}
        save={confirmed.save}
        notifyInvalid
        toolbar={
          <Toolbar>
            <SaveButton disabled={save.saving} />
          </Toolbar>
        }
        sx={{ maxWidth: 560 }}
      >
        <TextInput source="username" label="users.username" autoComplete="off" variant="outlined" validate={REQUIRED} />
        <UserAccessInputs required />
        <PasswordInputWithStrength label="users.temporaryPassword" />
      </PageForm>
      {confirmed.dialog}
    </>
  );
}

/** A new user with a temporary password, which they replace at their first login. */
export function UserCreate() {
  const redirect = useRedirect();
  const save = usePageFormSave({
    write: (dataProvider, data: UserCreateRequest) => dataProvider.create<User>(RESOURCES.users, { data }),
    mutationKey: writeKey('createUser'),
    failure: USER_SAVE_FAILURE,
    success: ({ data }) => (data.locked ? 'users.created_locked' : 'users.created_notice'),
    onSaved: () => redirect('list', RESOURCES.users),
    refresh: [queryKeys.resource(RESOURCES.users)],
    validate: validateCreateForm,
    payload: (values) => ({ username: values.username, password: values.password, ...accessPayload(values) }) as UserCreateRequest,
  });
  return (
    <Create<User> resource={RESOURCES.users} title="users.newUser">
      <UserCreateForm save={save} />
    </Create>
  );
}
