import { Chip, Stack } from '@mui/material';
import {
  Datagrid,
  FilterButton,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import type { User } from '../domain/api/users';
import { formatDateTime } from '../domain/dates';
import { ListEmpty, ListError, ListPager } from '../layout/ListStates';
import { NewButton } from '../layout/NewButton';
import { RowLink } from '../layout/RowLink';
import { useSmallScreen } from '../layout/useSmallScreen';
import { RESOURCES } from '../domain/operations';
import { roleChoices } from './userForm';
import { ROLES } from '../domain/rules';

// the API's filter keys: text in the username, and the role
const FILTERS = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" label="users.role" choices={roleChoices(ROLES.SUPER_ADMIN)} variant="outlined" />,
];

function Facilities({ user }: { user: User }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {user.facilities.map((f) => (
        <Chip key={f.id} label={f.mnemonic} title={f.name} size="small" variant="outlined" />
      ))}
    </Stack>
  );
}

/** Users (docs/product.md#calls-beyond-the-specification /api/users): name, role, facilities, created, last login; a row opens the user. */
export function UserList() {
  const translate = useTranslate();
  const small = useSmallScreen();
  const lastLogin = (user: User) => (user.last_login_ts ? formatDateTime(user.last_login_ts) : translate('users.never'));
  return (
    <List<User>
      resource={RESOURCES.users}
      title={false}
      sort={{ field: 'username', order: 'ASC' }}
      perPage={25}
      actions={
        <TopToolbar>
          <FilterButton />
          <NewButton label="users.newUser" to="/users/create" />
        </TopToolbar>
      }
      filters={FILTERS}
      exporter={false}
      empty={<ListEmpty message="users.empty" />}
      error={<ListError message="users.loadError" />}
      pagination={<ListPager />}
    >
      {small ? (
        <SimpleList<User>
          primaryText={(user) => (user.locked ? `${user.username} · ${translate('users.awaitingRelease')}` : user.username)}
          secondaryText={(user) => [user.role_name, ...user.facilities.map((f) => f.mnemonic)].join(' · ')}
          tertiaryText={lastLogin}
          rowClick="edit"
          empty={<ListEmpty message="users.noMatch" />}
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false} empty={<ListEmpty message="users.noMatch" />}>
          <FunctionField<User>
            source="username"
            label="users.username"
            render={(user) => (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <RowLink to={`/users/${user.id}`}>{user.username}</RowLink>
                {user.locked && (
                  <Chip
                    label={translate('users.awaitingRelease')}
                    size="small"
                    variant="outlined"
                    sx={{ color: 'text.primary', borderColor: 'warning.main' }}
                  />
                )}
              </Stack>
            )}
          />
          <TextField source="role_name" label="users.role" sortBy="role" />
          <FunctionField<User> label="users.facilities" sortable={false} render={(user) => <Facilities user={user} />} />
          <FunctionField<User> source="created_ts" label="users.created" render={(user) => formatDateTime(user.created_ts)} />
          <FunctionField<User>
            source="last_login_ts"
            label="users.lastLogin"
            render={(user) => (user.must_change_password ? `${lastLogin(user)} · ${translate('users.mustChange')}` : lastLogin(user))}
          />
        </Datagrid>
      )}
    </List>
  );
}
