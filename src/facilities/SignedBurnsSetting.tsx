import { FormControlLabel, Switch } from '@mui/material';
import { useCanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { Facility } from '../domain/api/configure';
import { RESOURCES } from '../domain/operations';
import { useLogCommand } from '../kiln-logs/useLogCommand';
import type { ApiDataProvider } from '../providers/dataProvider';

/**
 * Whether a facility's audits take only device-signed burns (docs/security.md,
 * "Kiln identity"): shown to all who read the facility, a switch for the
 * super-admin (certify facility), whose change the server records in the trail.
 */
export function SignedBurnsSetting({ facility }: { facility: Facility }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const { canAccess: canSet = false } = useCanAccess({ resource: RESOURCES.facilities, action: 'certify' });
  const set = useLogCommand(
    (signedBurnsOnly: boolean) => dataProvider.setSignedBurnsOnly({ facilityId: facility.id, signedBurnsOnly }),
    { failure: 'facilities.signedBurns.failed' },
    ({ signed_burns_only }) =>
      notify(signed_burns_only ? 'facilities.signedBurns.savedOnly' : 'facilities.signedBurns.savedAny', {
        type: 'success',
        messageArgs: { mnemonic: facility.mnemonic },
      }),
  );
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
          disabled={set.isPending}
          onChange={(event) => set.mutate(event.target.checked)}
          slotProps={{ input: { 'aria-label': translate('facilities.signedBurns.switchLabel', { mnemonic: facility.mnemonic }) } }}
        />
      }
      label={setting}
    />
  );
}
