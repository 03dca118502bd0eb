import { Alert, Box, Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { HeldBackLog } from '../domain/api/audits';
import { burnAnomaliesPath } from './OpenAnomalyMarks';

/** How many burns an open anomaly holds back from Propose Audit, and why, each linking to its anomalies. */
export function HeldBackNotice({ held }: { held: readonly HeldBackLog[] }) {
  const translate = useTranslate();
  if (held.length === 0) return null;
  return (
    <Alert severity="warning" data-testid="held-back">
      {translate('audits.propose.heldBack', { smart_count: held.length })}{' '}
      <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 1 }}>
        {held.map((h) => (
          <Link key={h.id} component={RouterLink} to={burnAnomaliesPath(h.id)}>
            {translate('audits.propose.heldBackLink', { id: h.id, codes: h.codes.join(', ') })}
          </Link>
        ))}
      </Box>
    </Alert>
  );
}
