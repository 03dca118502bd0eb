import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  InputLabel,
  Link,
  List,
  ListItem,
  MenuItem,
  Select,
  TablePagination,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { Anomaly } from '../domain/api/fleet';
import { ANOMALY_CODES, isAnomalyCode, type AnomalyCode } from '../domain/fleet/anomalies';
import { RESOURCES } from '../domain/operations';
import type { ApiDataProvider } from '../providers/dataProvider';
import type { AnomalyFilter } from '../providers/fleetMethods';
import { queryKeys, writeKey } from '../providers/queryKeys';
import { burnPath } from './fleetPaths';

const PER_PAGE = 10;

function CheckDialog({ anomaly, onClose }: { anomaly: Anomaly; onClose: () => void }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const [note, setNote] = useState('');
  const check = useMutation({
    mutationKey: writeKey(RESOURCES.fleet, 'edit'),
    mutationFn: () => dataProvider.checkAnomaly({ id: anomaly.id, note: note.trim() }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.fleet });
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="check-anomaly-title" fullWidth maxWidth="sm">
      <DialogTitle id="check-anomaly-title">{translate('fleet.check.title', { id: anomaly.log_id })}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{anomaly.message}</Typography>
        <TextField
          label={translate('fleet.check.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          required
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        {check.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {check.error instanceof Error ? check.error.message : translate('fleet.check.failed')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={!note.trim() || check.isPending} onClick={() => check.mutate()}>
          {translate('fleet.check.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The anomalies, newest burn first, each with its kiln, burn(s), sentence and link; a kiln file admin marks one checked. */
export function AnomalyList({ facilityId, kiln, canCheck }: { facilityId: number | null; kiln: number | null; canCheck: boolean }) {
  const translate = useTranslate();
  const [code, setCode] = useState<AnomalyCode | ''>('');
  const [page, setPage] = useState(0);
  const [checking, setChecking] = useState<Anomaly | null>(null);
  // a burn's warning mark opens its anomalies alone (/fleet?log_id=N)
  const logId = Number(useSearchParams()[0].get('log_id') ?? NaN);
  const oneBurn = Number.isSafeInteger(logId) && logId > 0;
  const filter: AnomalyFilter = {
    ...(oneBurn ? { log_id: [logId] } : {}),
    ...(facilityId !== null ? { facility_id: facilityId } : {}),
    ...(kiln !== null ? { kiln } : {}),
    ...(code ? { code } : {}),
  };
  const dataProvider = useDataProvider<ApiDataProvider>();
  const wanted = { filter, page, perPage: PER_PAGE };
  const anomalies = useQuery({ queryKey: queryKeys.anomalies(wanted), queryFn: () => dataProvider.getAnomalies(wanted) });

  return (
    <section aria-labelledby="fleet-anomalies-heading">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id="fleet-anomalies-heading" variant="h6" component="h2">
          {translate('fleet.anomalies.heading')}
        </Typography>
        <FormControl size="small" sx={{ minWidth: 200 }}>
          <InputLabel id="fleet-code-label">{translate('fleet.anomalies.code')}</InputLabel>
          <Select
            labelId="fleet-code-label"
            label={translate('fleet.anomalies.code')}
            value={code}
            onChange={(e) => {
              setCode(isAnomalyCode(e.target.value) ? e.target.value : '');
              setPage(0);
            }}
          >
            <MenuItem value="">{translate('fleet.anomalies.anyCode')}</MenuItem>
            {ANOMALY_CODES.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Box>
      {oneBurn && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" component={RouterLink} to="/fleet">
              {translate('fleet.anomalies.showAll')}
            </Button>
          }
        >
          {translate('fleet.anomalies.ofBurn', { id: logId })}
        </Alert>
      )}
      {anomalies.isError && <Alert severity="error">{translate('fleet.anomalies.error')}</Alert>}
      {anomalies.data && anomalies.data.rows.length === 0 && <Typography>{translate('fleet.anomalies.empty')}</Typography>}
      <List aria-label={translate('fleet.anomalies.heading')}>
        {anomalies.data?.rows.map((a) => (
          <ListItem key={a.id} divider sx={{ display: 'block' }} data-testid="anomaly">
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              {/* the warning colour on the border only: its text stays legible (4.5:1) in both themes */}
              <Chip
                size="small"
                label={a.code}
                variant="outlined"
                color={a.checked_ts ? 'default' : 'warning'}
                sx={{ color: 'text.primary' }}
              />
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {a.kiln_id}
              </Typography>
              <Typography component="span" color="text.secondary">
                {a.facility_name} · {a.logts?.replace('T', ' ') ?? ''}
              </Typography>
            </Box>
            <Typography sx={{ my: 0.5 }}>{a.message}</Typography>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <Link component={RouterLink} to={burnPath(a.log_id)}>
                {translate('fleet.anomalies.openBurn', { id: a.log_id })}
              </Link>
              {a.other_log_id !== null && (
                <Link component={RouterLink} to={burnPath(a.other_log_id)}>
                  {translate('fleet.anomalies.openOther', { id: a.other_log_id })}
                </Link>
              )}
              {a.checked_ts ? (
                <Typography variant="body2" color="text.secondary">
                  {translate('fleet.anomalies.checked', {
                    who: a.checked_by_name ?? '',
                    when: a.checked_ts.slice(0, 16).replace('T', ' '),
                    note: a.check_note ?? '',
                  })}
                </Typography>
              ) : (
                canCheck && (
                  <Button size="small" variant="outlined" onClick={() => setChecking(a)}>
                    {translate('fleet.anomalies.markChecked')}
                  </Button>
                )
              )}
            </Box>
          </ListItem>
        ))}
      </List>
      <TablePagination
        component="div"
        count={anomalies.data?.total ?? 0}
        page={page}
        onPageChange={(_e, p) => setPage(p)}
        rowsPerPage={PER_PAGE}
        rowsPerPageOptions={[PER_PAGE]}
      />
      {checking && <CheckDialog anomaly={checking} onClose={() => setChecking(null)} />}
    </section>
  );
}
