import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Link } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { formatDateTime } from '../domain/dates';
import { RESOURCES } from '../domain/operations';
import { burnPath } from '../kiln-logs/burnPaths';
import type { ApiDataProvider } from '../providers/dataProvider';
import type { AnomalyFilter } from '../providers/fleetMethods';
import { queryKeys } from '../providers/queryKeys';

const SHOWN = 5;
const BURNS_GO_HERE = '\u0000';

/**
 * A warning naming burns with an open anomaly: those of `logIds` (Propose Audit's
 * chosen burns), or the newest in reach (Kiln Logs), each a link to its burn, and a link to the Fleet screen.
 */
export function OpenAnomalyWarning({ logIds }: { logIds?: readonly number[] }) {
  const translate = useTranslate();
  const { canAccess = false } = useCanAccess({ resource: RESOURCES.fleet, action: 'list' });
  const filter: AnomalyFilter = { open: true, ...(logIds ? { log_id: [...logIds] } : {}) };
  const dataProvider = useDataProvider<ApiDataProvider>();
  const wanted = { filter, page: 0, perPage: SHOWN };
  const open = useQuery({
    queryKey: queryKeys.listFleetAnomalies(wanted),
    queryFn: () => dataProvider.listFleetAnomalies(wanted),
    enabled: canAccess && (logIds === undefined || logIds.length > 0),
  });
  const rows = open.data?.rows ?? [];
  if (!canAccess || rows.length === 0) return null;
  // named as the Kiln Logs table shows a burn: its kiln and log time (the log id is in no column); each opens its burn
  const burns = [...new Set(rows.map((a) => a.log_id))].map((id) => {
    const ofBurn = rows.filter((a) => a.log_id === id);
    const { kiln_id, logts } = ofBurn[0];
    return {
      id,
      name: `${kiln_id} ${logts ? formatDateTime(logts) : translate('kilnLogs.analysis.notAvailable')} (${ofBurn.map((a) => a.code).join(', ')})`,
    };
  });
  // the sentence around the burns, split where they go, so that each can be a link
  const [before, after = ''] = translate('fleet.warning', { smart_count: open.data!.total, burns: BURNS_GO_HERE }).split(BURNS_GO_HERE);
  return (
    <Alert severity="warning" data-testid="open-anomaly-warning">
      {before}
      {burns.map((burn, i) => (
        <Fragment key={burn.id}>
          {i > 0 && '; '}
          <Link component={RouterLink} to={burnPath(burn.id)}>
            {burn.name}
          </Link>
        </Fragment>
      ))}
      {after}{' '}
      <Link component={RouterLink} to="/fleet">
        {translate('fleet.warningLink')}
      </Link>
    </Alert>
  );
}
