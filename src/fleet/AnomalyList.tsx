import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  FormControl,
  InputLabel,
  Link,
  List,
  ListItem,
  MenuItem,
  Select,
  TablePagination,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { CHECK_NOTE_MAX, type Anomaly } from '../domain/api/fleet';
import { formatDateTime } from '../domain/dates';
import { ANOMALY_CODES, isAnomalyCode, type AnomalyCode } from '../domain/fleet/anomalies';
import { compactErrors, textError } from '../domain/validation';
import { FormDialog, useFormDialogSave } from '../forms/FormDialog';
import type { FormFieldErrors } from '../forms/formErrors';
import { FormInput } from '../forms/FormInput';
import type { FailureTexts } from '../layout/failures';
import type { ApiDataProvider } from '../providers/dataProvider';
import type { AnomalyFilter } from '../providers/fleetMethods';
import { RetryAlert } from '../layout/RetryAlert';
import { queryKeys, writeKey } from '../providers/queryKeys';
import { burnPath } from '../kiln-logs/burnPaths';
import { AnomalyCodeChip } from './AnomalyCodeChip';

const PER_PAGE = 10;

// a refusal (another facility's anomaly, a role that may not check) says the server's sentence
const CHECK_FAILURE: FailureTexts = { title: 'fleet.check.failed', other: 'errors.unknownServer', serverReason: 'refusal' };

const validateNote = (values: FieldValues): FormFieldErrors => compactErrors({ note: textError(values.note, CHECK_NOTE_MAX, true) });

/** Marks an anomaly checked with what was checked and found: the one form shell, and its one outcome policy. */
function CheckDialog({ anomaly, onClose }: { anomaly: Anomaly; onClose: () => void }) {
  const translate = useTranslate();
  const save = useFormDialogSave({
    write: (dataProvider, note: string) => dataProvider.checkFleetAnomaly({ id: anomaly.id, note }),
    mutationKey: writeKey('checkFleetAnomaly'),
    success: 'fleet.check.done',
    failure: CHECK_FAILURE,
    onClose,
    refresh: [queryKeys.fleet],
    payload: (values) => String(values.note).trim(),
  });
  return (
    <FormDialog
      title={translate('fleet.check.title', { id: anomaly.log_id })}
      defaultValues={{ note: '' }}
      validate={validateNote}
      save={save}
      onClose={onClose}
      submitLabel="fleet.check.save"
    >
      <Typography sx={{ mb: 2 }}>{anomaly.message}</Typography>
      <FormInput
        source="note"
        label="fleet.check.note"
        multiline
        minRows={2}
        required
        slotProps={{ htmlInput: { maxLength: CHECK_NOTE_MAX } }}
      />
    </FormDialog>
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
  const anomalies = useQuery({ queryKey: queryKeys.listFleetAnomalies(wanted), queryFn: () => dataProvider.listFleetAnomalies(wanted) });

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
      {anomalies.isError && <RetryAlert message="fleet.anomalies.error" query={anomalies} />}
      {anomalies.data && anomalies.data.rows.length === 0 && <Typography>{translate('fleet.anomalies.empty')}</Typography>}
      <List aria-label={translate('fleet.anomalies.heading')}>
        {anomalies.data?.rows.map((a) => (
          <ListItem key={a.id} divider sx={{ display: 'block' }} data-testid="anomaly">
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <AnomalyCodeChip anomaly={a} />
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {a.kiln_id}
              </Typography>
              <Typography component="span" color="text.secondary">
                {a.facility_name} · {a.logts ? formatDateTime(a.logts) : ''}
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
                    when: formatDateTime(a.checked_ts),
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
