import { Alert, Divider, Paper, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { DeleteButton, Edit, SaveButton, SimpleForm, TextInput, Toolbar, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { User } from '../domain/api/users';
import { RESOURCES } from '../domain/operations';
import { ROLES } from '../domain/rules';
import type { UserFormValues } from '../domain/userValidation';
import { useSession } from '../providers/useSession';
import { ResetPassword } from './ResetPassword';
import { UserAccessInputs } from './UserAccessInputs';
import { UserChanges, userChangesKey } from './UserChanges';
import { accessPayload, validateEditForm } from './userForm';

/** Why the session may not change this user, or null (the server refuses the same with 403). */
function lockedReason(user: User, session: { role: number; uid?: number } | null): string | null {
  if (user.id === session?.uid) return 'users.readOnlySelf';
  if (user.role === ROLES.SUPER_ADMIN && session?.role !== ROLES.SUPER_ADMIN) return 'users.readOnlySuperAdmin';
  return null;
}

// the paper's own background: MUI's error red on react-admin's grey toolbar falls below WCAG AA
function UserEditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between', bgcolor: 'background.paper' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" confirmTitle="ra.message.delete_title" redirect="list" />
    </Toolbar>
  );
}

function UserEditForm() {
  const translate = useTranslate();
  const user = useRecordContext<User>();
  const session = useSession();
  if (!user) return null;
  const locked = lockedReason(user, session);
  return (
    <Stack spacing={3}>
      {locked && <Alert severity="info">{translate(locked)}</Alert>}
      <SimpleForm validate={validateEditForm} toolbar={locked ? false : <UserEditToolbar />} sx={{ maxWidth: 560 }}>
        <TextInput source="username" label="users.username" readOnly variant="outlined" />
        <UserAccessInputs readOnly={Boolean(locked)} />
      </SimpleForm>
      {!locked && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <ResetPassword user={user} />
        </Paper>
      )}
      <Divider />
      <UserChanges userId={user.id} />
    </Stack>
  );
}

/** One user: role and facilities, a password reset, deletion, and the record of every change. */
export function UserEdit() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return (
    <Edit<User>
      resource={RESOURCES.users}
      title={false}
      mutationMode="pessimistic"
      redirect={false}
      transform={(values: UserFormValues) => accessPayload(values)}
      mutationOptions={{
        onSuccess: (user) => {
          notify('users.saved', { type: 'success' });
          void queryClient.invalidateQueries({ queryKey: userChangesKey(user.id) });
        },
      }}
    >
      <UserEditForm />
    </Edit>
  );
}
