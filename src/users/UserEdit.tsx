import { Alert, Button, Divider, Paper, Stack } from '@mui/material';
import { Edit, SaveButton, SimpleForm, TextInput, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import type { User, UserUpdateRequest } from '../domain/api/users';
import { RESOURCES } from '../domain/operations';
import { ROLES } from '../domain/rules';
import { PageForm, usePageFormSave } from '../forms/pageForm';
import { PolicyDeleteButton } from '../forms/PolicyDeleteButton';
import { useCommand } from '../forms/useCommand';
import { recordWrite } from '../forms/useFormSave';
import { queryKeys, writeKey } from '../providers/queryKeys';
import { useSession } from '../providers/useSession';
import { ResetPassword } from './ResetPassword';
import { UserAccessInputs } from './UserAccessInputs';
import { useOwnerChangeConfirm } from './OwnerChangeConfirm';
import { UserChanges } from './UserChanges';
import { USER_SAVE_FAILURE, accessPayload, validateEditForm } from './userForm';

/** Why the session may not change this user, or null (the server refuses the same with 403). */
function lockedReason(user: User, session: { role: number; uid?: number } | null): string | null {
  if (user.id === session?.uid) return 'users.readOnlySelf';
  if (user.role === ROLES.SUPER_ADMIN && session?.role !== ROLES.SUPER_ADMIN) return 'users.readOnlySuperAdmin';
  return null;
}

// the paper's own background: MUI's error red on react-admin's grey toolbar falls below WCAG AA
function UserEditToolbar({ saving }: { saving: boolean }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between', bgcolor: 'background.paper' }}>
      <SaveButton disabled={saving} />
      <PolicyDeleteButton success="users.deleted" failure={USER_SAVE_FAILURE} confirmTitle="ra.message.delete_title" redirect="list" />
    </Toolbar>
  );
}

/** An account waiting for a super-admin's release (src/domain/accountRelease.ts): said plainly, with the super-admin's Release. */
function AwaitingRelease({ user, superAdmin }: { user: User; superAdmin: boolean }) {
  const translate = useTranslate();
  // the user and their changes are read again: the record says whether it still waits
  const release = useCommand({
    write: (dataProvider) => dataProvider.releaseUser(user.id),
    mutationKey: writeKey('releaseUser'),
    success: 'users.released',
    failure: USER_SAVE_FAILURE,
    refresh: [queryKeys.resource(RESOURCES.users)],
  });
  return (
    <Alert
      severity="warning"
      action={
        superAdmin && (
          <Button color="inherit" variant="outlined" size="small" disabled={release.running} onClick={() => void release.run()}>
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
  const save = usePageFormSave({
    write: recordWrite<UserUpdateRequest>(RESOURCES.users, user?.id ?? null),
    mutationKey: writeKey('updateUser'),
    success: 'users.saved',
    failure: USER_SAVE_FAILURE,
    // the record (its role, facilities and lock) and its changes
    refresh: [queryKeys.resource(RESOURCES.users)],
    validate: validateEditForm,
    payload: (values) => accessPayload(values) as UserUpdateRequest,
  });
  const confirmed = useOwnerChangeConfirm(user?.id, save);
  if (!user) return null;
  const locked = lockedReason(user, session);
  return (
    <Stack spacing={3}>
      {user.locked && <AwaitingRelease user={user} superAdmin={session?.role === ROLES.SUPER_ADMIN} />}
      {locked && <Alert severity="info">{translate(locked)}</Alert>}
      <PageForm
        as={SimpleForm}
        save={confirmed.save}
        notifyInvalid
        toolbar={locked ? false : <UserEditToolbar saving={save.saving} />}
        sx={{ maxWidth: 560 }}
      >
        <TextInput source="username" label="users.username" readOnly variant="outlined" />
        <UserAccessInputs readOnly={Boolean(locked)} userId={user.id} />
      </PageForm>
      {confirmed.dialog}
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
  return (
    <Edit<User> resource={RESOURCES.users} title={false} mutationMode="pessimistic">
      <UserEditForm />
    </Edit>
  );
}
