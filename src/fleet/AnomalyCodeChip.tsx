import { Chip } from '@mui/material';
import type { Anomaly } from '../domain/api/fleet';

/** An anomaly's code, in the warning colour while it is open. */
export function AnomalyCodeChip({ anomaly }: { anomaly: Pick<Anomaly, 'code' | 'checked_ts'> }) {
  // the warning colour on the border only: its text stays legible (4.5:1) in both themes
  return (
    <Chip
      size="small"
      label={anomaly.code}
      variant="outlined"
      color={anomaly.checked_ts ? 'default' : 'warning'}
      sx={{ color: 'text.primary' }}
    />
  );
}
