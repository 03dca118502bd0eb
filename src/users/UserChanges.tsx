import { Alert, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { UserChange } from '../domain/api/users';
import { formatDateTime } from '../domain/dates';
import { RESOURCES } from '../domain/operations';
import { ROLE_NAMES, isRoleCode } from '../domain/rules';
import { Loading } from '../layout/Loading';
import type { ApiDataProvider } from '../providers/dataProvider';
import { useFacilityOptions } from './useFacilityOptions';

export const userChangesKey = (id: number) => [RESOURCES.users, 'changes', id];

/** Every change to the user (who, what, when), newest first, as the server recorded them. */
export function UserChanges({ userId }: { userId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const changes = useQuery({ queryKey: userChangesKey(userId), queryFn: () => dataProvider.getUserChanges(userId) });
  const options = useFacilityOptions();
  const mnemonic = (id: number) => options.data?.find((f) => f.id === id)?.mnemonic ?? `#${id}`;
  const roleName = (role: number | null) => (role === null ? translate('users.none') : isRoleCode(role) ? ROLE_NAMES[role] : String(role));
  const facilities = (ids: number[]) => (ids.length ? ids.map(mnemonic).join(', ') : translate('users.none'));

  const what = (change: UserChange) =>
    [
      translate(`users.actions.${change.action}`),
      change.detail.role && translate('users.roleChange', { from: roleName(change.detail.role.from), to: roleName(change.detail.role.to) }),
      change.detail.facility_ids &&
        translate('users.facilitiesChange', { from: facilities(change.detail.facility_ids.from), to: facilities(change.detail.facility_ids.to) }),
      change.detail.locked?.to === true && translate('users.lockedChange'),
    ]
      .filter(Boolean)
      .join('; ');

  return (
    <section aria-labelledby="user-changes-heading">
      <Typography id="user-changes-heading" variant="h6" component="h2" gutterBottom>
        {translate('users.historyHeading')}
      </Typography>
      {changes.isPending ? (
        <Loading />
      ) : changes.error ? (
        <Alert severity="error">{translate('users.historyError')}</Alert>
      ) : changes.data.length === 0 ? (
        <Typography>{translate('users.historyEmpty')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('users.when')}</TableCell>
              <TableCell>{translate('users.by')}</TableCell>
              <TableCell>{translate('users.what')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changes.data.map((change) => (
              <TableRow key={change.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(change.ts)}</TableCell>
                <TableCell>{change.actor_username}</TableCell>
                <TableCell>{what(change)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
