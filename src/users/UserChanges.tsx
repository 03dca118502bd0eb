import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { UserChange } from '../domain/api/users';
import { ROLE_NAMES, isRoleCode } from '../domain/rules';
import { ChangeTrail } from '../layout/ChangeTrail';
import type { ApiDataProvider } from '../providers/dataProvider';
import { useFacilityOptions } from './useFacilityOptions';
import { queryKeys } from '../providers/queryKeys';

/** Every change to the user (who, what, when), newest first, as the server recorded them. */
export function UserChanges({ userId }: { userId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const changes = useQuery({ queryKey: queryKeys.listUserChanges(userId), queryFn: () => dataProvider.listUserChanges(userId) });
  const options = useFacilityOptions();
  const mnemonic = (id: number) => options.data?.find((f) => f.id === id)?.mnemonic ?? `#${id}`;
  const roleName = (role: number | null) => (role === null ? translate('users.none') : isRoleCode(role) ? ROLE_NAMES[role] : String(role));
  const facilities = (ids: number[]) => (ids.length ? ids.map(mnemonic).join(', ') : translate('users.none'));

  const what = (change: UserChange) =>
    [
      translate(`users.actions.${change.action}`),
      change.detail.role && translate('users.roleChange', { from: roleName(change.detail.role.from), to: roleName(change.detail.role.to) }),
      change.detail.facility_ids &&
        translate('users.facilitiesChange', {
          from: facilities(change.detail.facility_ids.from),
          to: facilities(change.detail.facility_ids.to),
        }),
      change.detail.locked?.to === true && translate('users.lockedChange'),
    ]
      .filter(Boolean)
      .join('; ');

  return (
    <section aria-labelledby="user-changes-heading">
      <Typography id="user-changes-heading" variant="h6" component="h2" gutterBottom>
        {translate('users.historyHeading')}
      </Typography>
      <ChangeTrail
        changes={changes}
        describe={what}
        messages={{ when: 'users.when', by: 'users.by', what: 'users.what', error: 'users.historyError', empty: 'users.historyEmpty' }}
      />
    </section>
  );
}
