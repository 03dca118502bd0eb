import { Alert, Button, Divider, Paper, Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DeleteButton,
  Edit,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { User } from '../domain/api/users';
import { RESOURCES } from '../domain/operations';
import { ROLES } from '../domain/rules';
import type { UserFormValues } from '../domain/userValidation';
import { useSession } from '../providers/useSession';
import { ResetPassword } from './ResetPassword';
import { UserAccessInputs } from './UserAccessInputs';
import type { ApiDataProvider } from '../providers/dataProvider';
import { useOwnerChangeConfirm } from './OwnerChangeConfirm';
import { UserChanges } from './UserChanges';
import { accessPayload, validateEditForm } from './userForm';
import { queryKeys } from '../providers/queryKeys';

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

/** An account waiting for a super-admin's release (src/domain/accountRelease.ts): said plainly, with the super-admin's Release. */
function AwaitingRelease({ user, superAdmin }: { user: User; superAdmin: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const release = useMutation({
    mutationFn: () => dataProvider.releaseUser(user.id),
    onSuccess: () => {
      notify('users.released', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userChanges(user.id) });
      refresh();
    },
    onError: (error) => notify(error instanceof Error ? error.message : 'errors.unknownServer', { type: 'error' }),
  });
  return (
    <Alert
      severity="warning"
      action={
        superAdmin && (
          <Button color="inherit" variant="outlined" size="small" disabled={release.isPending} onClick={() => release.mutate()}>
            {translate('users.release')}
          </Button>
        )
      }
    >
      {translate(superAdmin ? 'users.lockedSuperAdmin' : 'users.lockedText')}
    </Alert>
  );
}

function UserEditForm() {
  const translate = useTranslate();
  const user = useRecordContext<User>();
  const session = useSession();
  const { onSubmit, dialog } = useOwnerChangeConfirm(user?.id);
  if (!user) return null;
  const locked = lockedReason(user, session);
  return (
    <Stack spacing={3}>
      {user.locked && <AwaitingRelease user={user} superAdmin={session?.role === ROLES.SUPER_ADMIN} />}
      {locked && <Alert severity="info">{translate(locked)}</Alert>}
      <SimpleForm validate={validateEditForm} onSubmit={onSubmit} toolbar={locked ? false : <UserEditToolbar />} sx={{ maxWidth: 560 }}>
        <TextInput source="username" label="users.username" readOnly variant="outlined" />
        <UserAccessInputs readOnly={Boolean(locked)} userId={user.id} />
      </SimpleForm>
      {dialog}
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
          void queryClient.invalidateQueries({ queryKey: queryKeys.userChanges(user.id) });
        },
      }}
    >
      <UserEditForm />
    </Edit>
  );
}
