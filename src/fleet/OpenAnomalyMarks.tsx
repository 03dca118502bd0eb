import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Link } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { RESOURCES } from '../domain/operations';
import type { ApiDataProvider } from '../providers/dataProvider';
import type { AnomalyFilter } from '../providers/fleetMethods';
import { queryKeys } from '../providers/queryKeys';

/** Open anomaly codes by burn id, for the rows on show. */
const OpenCodes = createContext<ReadonlyMap<number, readonly string[]>>(new Map());

// one page of a list is at most a few dozen burns, each with at most one anomaly per code
const LOOKUP_SIZE = 500;

/**
 * Looks up the open anomalies of the burns on the list's current page (one
 * request per page, beside the list's own, so the list answer stays as fast as
 * before) and hands them to the AnomalyMark of each row.
 */
export function OpenAnomalyMarks({ idOf, children }: { idOf: (row: RaRecord) => number; children: ReactNode }) {
  const { data } = useListContext();
  const { canAccess = false } = useCanAccess({ resource: RESOURCES.fleet, action: 'list' });
  const ids = useMemo(() => [...new Set((data ?? []).map(idOf))].sort((a, b) => a - b), [data, idOf]);
  const filter: AnomalyFilter = { open: true, log_id: ids };
  const dataProvider = useDataProvider<ApiDataProvider>();
  const wanted = { filter, page: 0, perPage: LOOKUP_SIZE };
  const open = useQuery({
    queryKey: queryKeys.listFleetAnomalies(wanted),
    queryFn: () => dataProvider.listFleetAnomalies(wanted),
    enabled: canAccess && ids.length > 0,
  });
  const byLog = useMemo(() => {
    const map = new Map<number, string[]>();
    for (const a of open.data?.rows ?? []) {
      const codes = map.get(a.log_id) ?? [];
      if (!codes.includes(a.code)) codes.push(a.code);
      map.set(a.log_id, codes);
    }
    return map;
  }, [open.data]);
  return <OpenCodes.Provider value={byLog}>{children}</OpenCodes.Provider>;
}

/** Where a burn's anomalies open: the Fleet screen's list showing that burn's alone. */
export const burnAnomaliesPath = (logId: number) => `/fleet?log_id=${logId}`;

/** A warning mark on a burn with an open anomaly, naming the code(s) and linking to them on the Fleet screen. */
export function AnomalyMark({ logId }: { logId: number }) {
  const translate = useTranslate();
  const codes = useContext(OpenCodes).get(logId);
  if (!codes?.length) return null;
  const label = translate('fleet.mark', {
    smart_count: codes.length,
    codes: codes.join(', '),
  });
  return (
    <Link
      component={RouterLink}
      to={burnAnomaliesPath(logId)}
      aria-label={label}
      title={label}
      data-testid="anomaly-mark"
      // a row click may select the row (Propose Audit): following the mark does not
      onClick={(e) => e.stopPropagation()}
      sx={{
        display: 'inline-flex',
        verticalAlign: 'middle',
        ml: 0.5,
        color: 'warning.main',
      }}
    >
      <WarningAmberIcon fontSize="small" aria-hidden />
    </Link>
  );
}
