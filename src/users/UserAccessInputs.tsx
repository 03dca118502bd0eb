import { AutocompleteArrayInput, SelectInput, required as requiredValue } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ROLES } from '../domain/rules';
import { useSession } from '../providers/useSession';
import { roleChoices } from './userForm';
import { facilityLabel, useFacilityOptions } from './useFacilityOptions';

/**
 * Role, and for a facility admin the facilities they manage. A super-admin
 * may choose any facility (the save asks before one changes owner); anyone
 * else only those the user owns already, as the server refuses the rest.
 */
const REQUIRED = [requiredValue()];

export function UserAccessInputs({
  readOnly = false,
  userId,
  required = false,
}: {
  readOnly?: boolean;
  userId?: number;
  required?: boolean;
}) {
  const session = useSession();
  const role = useWatch({ name: 'role' });
  const options = useFacilityOptions();
  const superAdmin = session?.role === ROLES.SUPER_ADMIN;
  const choices = (options.data ?? []).filter((f) => superAdmin || f.owner_id === userId);
  return (
    <>
      {/* read-only, every role can be named (a user-admin sees a super-admin's "Super Admin", not a blank) */}
      <SelectInput
        source="role"
        label="users.role"
        choices={roleChoices(readOnly ? ROLES.SUPER_ADMIN : session?.role)}
        readOnly={readOnly}
        variant="outlined"
        validate={required ? REQUIRED : undefined}
      />
      {role === ROLES.FACILITY_ADMIN && (
        <AutocompleteArrayInput
          source="facility_ids"
          label="users.facilities"
          choices={choices.map((f) => ({
            id: f.id,
            name: superAdmin && f.owner_id !== userId && f.owner_username ? `${facilityLabel(f)} (${f.owner_username})` : facilityLabel(f),
          }))}
          isPending={options.isPending}
          helperText={superAdmin ? 'users.facilitiesHelp' : 'users.facilitiesHelpUserAdmin'}
          readOnly={readOnly}
          variant="outlined"
        />
      )}
    </>
  );
}
