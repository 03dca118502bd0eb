import { AutocompleteArrayInput, SelectInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ROLES } from '../domain/rules';
import { useSession } from '../providers/useSession';
import { roleChoices } from './userForm';
import { facilityLabel, useFacilityOptions } from './useFacilityOptions';

/** Role, and for a facility admin the facilities they manage. */
export function UserAccessInputs({ readOnly = false }: { readOnly?: boolean }) {
  const session = useSession();
  const role = useWatch({ name: 'role' });
  const options = useFacilityOptions();
  return (
    <>
      <SelectInput source="role" label="users.role" choices={roleChoices(session?.role)} readOnly={readOnly} variant="outlined" />
      {role === ROLES.FACILITY_ADMIN && (
        <AutocompleteArrayInput
          source="facility_ids"
          label="users.facilities"
          choices={(options.data ?? []).map((f) => ({ id: f.id, name: facilityLabel(f) }))}
          isPending={options.isPending}
          helperText="users.facilitiesHelp"
          readOnly={readOnly}
          variant="outlined"
        />
      )}
    </>
  );
}
