import { FormControlLabel, Switch } from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import type { Facility } from '../domain/api/configure';
import { RESOURCES } from '../domain/operations';
import { useFormSave } from '../forms/useFormSave';
import { commandFailure } from '../forms/useCommand';
import { queryKeys, writeKey } from '../providers/queryKeys';

/**
 * Whether a facility's audits take only device-signed burns (docs/security.md,
 * "Kiln identity"): shown to all who read the facility, a switch for the
 * super-admin (certify facility), whose change the server records in the trail.
 */
export function SignedBurnsSetting({ facility }: { facility: Facility }) {
  const translate = useTranslate();
  const { canAccess: canSet = false } = useCanAccess({ resource: RESOURCES.facilities, action: 'certify' });
  const set = useFormSave({
    write: (dataProvider, signedBurnsOnly: boolean) => dataProvider.setSignedBurnsOnly({ facilityId: facility.id, signedBurnsOnly }),
    mutationKey: writeKey('setSignedBurnsOnly'),
    success: (_result, signedBurnsOnly) => ({
      message: signedBurnsOnly ? 'facilities.signedBurns.savedOnly' : 'facilities.signedBurns.savedAny',
      args: { mnemonic: facility.mnemonic },
    }),
    failure: commandFailure('facilities.signedBurns.failed'),
    // the list shows the setting stored, and the facility's trail its change
    refresh: [queryKeys.resource(RESOURCES.facilities)],
  });
  const only = facility.signed_burns_only ?? false;
  const setting = translate(only ? 'facilities.signedBurns.only' : 'facilities.signedBurns.any');
  if (!canSet) return <>{setting}</>;
  return (
    <FormControlLabel
      sx={{ whiteSpace: 'nowrap', mr: 0 }}
      control={
        <Switch
          size="small"
          checked={only}
          disabled={set.saving}
          onChange={(event) => void set.submit(event.target.checked)}
          slotProps={{ input: { 'aria-label': translate('facilities.signedBurns.switchLabel', { mnemonic: facility.mnemonic }) } }}
        />
      }
      label={setting}
    />
  );
}
