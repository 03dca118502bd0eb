import { FormControlLabel, Switch } from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { Facility } from '../domain/api/configure';
import { RESOURCES } from '../domain/operations';
import { PageForm, usePageFormSave } from '../forms/pageForm';
import { commandFailure } from '../forms/useCommand';
import { queryKeys, writeKey } from '../providers/queryKeys';

const FIELD = 'signed_burns_only';

/**
 * Whether a facility's audits take only device-signed burns (docs/security.md,
 * "Kiln identity"): shown to all who read the facility, a switch for the
 * super-admin (certify facility), whose change the server records in the trail.
 * The switch is a form of one field, sent as soon as it is switched.
 */
export function SignedBurnsSetting({ facility }: { facility: Facility }) {
  const translate = useTranslate();
  const { canAccess: canSet = false } = useCanAccess({ resource: RESOURCES.facilities, action: 'certify' });
  const only = facility.signed_burns_only ?? false;
  const set = usePageFormSave({
    write: (dataProvider, signedBurnsOnly: boolean) => dataProvider.setSignedBurnsOnly({ facilityId: facility.id, signedBurnsOnly }),
    mutationKey: writeKey('setSignedBurnsOnly'),
    success: (_result, signedBurnsOnly) => ({
      message: signedBurnsOnly ? 'facilities.signedBurns.savedOnly' : 'facilities.signedBurns.savedAny',
      args: { mnemonic: facility.mnemonic },
    }),
    failure: commandFailure('facilities.signedBurns.failed'),
    // the list shows the setting stored, and the facility's trail its change
    refresh: [queryKeys.resource(RESOURCES.facilities)],
    // the setting stored asked for again (Enter on the switch submits the form as it is): nothing to send
    payload: (values) => (values[FIELD] === only ? undefined : Boolean(values[FIELD])),
  });
  const setting = translate(only ? 'facilities.signedBurns.only' : 'facilities.signedBurns.any');
  if (!canSet) return <>{setting}</>;
  return (
    // a new form once another setting is stored
    <PageForm key={String(only)} save={set} defaultValues={{ [FIELD]: only }}>
      <SignedBurnsSwitch
        stored={only}
        saving={set.saving}
        label={translate('facilities.signedBurns.switchLabel', { mnemonic: facility.mnemonic })}
        setting={setting}
      />
    </PageForm>
  );
}

interface SignedBurnsSwitchProps {
  /** the setting stored, which the switch shows until the list reads it again */
  stored: boolean;
  saving: boolean;
  /** the switch's own name, naming the facility */
  label: string;
  /** the setting stored, in words */
  setting: string;
}

/** Switched, it asks for the other setting: the form's value, submitted at once. */
function SignedBurnsSwitch({ stored, saving, label, setting }: SignedBurnsSwitchProps) {
  const { setValue } = useFormContext();
  return (
    <FormControlLabel
      sx={{ whiteSpace: 'nowrap', mr: 0 }}
      control={
        <Switch
          size="small"
          checked={stored}
          disabled={saving}
          onChange={(event) => {
            setValue(FIELD, event.target.checked, { shouldDirty: true });
            event.target.form?.requestSubmit();
          }}
          slotProps={{ input: { 'aria-label': label } }}
        />
      }
      label={setting}
    />
  );
}
