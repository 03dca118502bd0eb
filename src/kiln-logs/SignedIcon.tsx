import { useTranslate } from 'react-admin';
import type { KilnLog } from '../domain/api/kilnLogs';
import { FocusTooltip } from '../layout/FocusTooltip';
import { StatusIcon } from './StatusIcon';

/**
 * Whether the kiln signed the burn: a green tick named "Device-signed
 * burn" with the key's full fingerprint on hover, or a grey mark named "Not device-signed".
 */
export function SignedIcon({ log }: { log: Pick<KilnLog, 'signed' | 'key_fingerprint'> }) {
  const translate = useTranslate();
  const label = translate(log.signed ? 'kilnLogs.signed.yes' : 'kilnLogs.signed.no');
  const title = log.signed && log.key_fingerprint ? translate('kilnLogs.signed.byKey', { fingerprint: log.key_fingerprint }) : label;
  return (
    <FocusTooltip title={title}>{(trigger) => <StatusIcon kind={log.signed ? 'tick' : 'grey'} label={label} {...trigger} />}</FocusTooltip>
  );
}
