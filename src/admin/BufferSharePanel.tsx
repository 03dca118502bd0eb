import { useState } from 'react';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useTranslate } from 'react-admin';
import type { BufferSharePayload } from '../domain/api/ecoAssets';
import { bufferPercentProblem } from '../domain/ledger';
import { RESOURCES } from '../domain/operations';
import { toNumber } from '../domain/validation';
import { useBufferShare } from '../eco-assets/useBufferShare';
import { useFormSave } from '../forms/useFormSave';
import type { FailureTexts } from '../layout/failures';
import { BufferShareChanges } from './BufferShareChanges';
import { queryKeys, writeKey } from '../providers/queryKeys';

// the server's sentence for a refusal (a 400 names the share), the minting's server error otherwise
const SAVE_FAILURE: FailureTexts = {
  title: 'ecoAssets.buffer.errorTitle',
  other: 'ecoAssets.minting.serverError',
  serverReason: 'refusal',
};

/**
 * The buffer share every later mint withholds (issue 27), shown with who set
 * it and when, and set here by a super-admin alone (rule certify eco-asset),
 * above the trail of every share set before.
 */
export function BufferSharePanel() {
  const { canAccess } = useCanAccess({ resource: RESOURCES.ecoAssets, action: 'certify' });
  return canAccess ? <BufferShareEditor /> : null;
}

function BufferShareEditor() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const share = useBufferShare();
  const [typed, setTyped] = useState<string | null>(null);
  // what the last save sent: the server's reason stands while the field still holds it
  const [sent, setSent] = useState<string | null>(null);
  const save = useFormSave({
    write: (dataProvider, payload: BufferSharePayload) => dataProvider.setBufferShare(payload),
    mutationKey: writeKey(RESOURCES.ecoAssets, 'certify'),
    success: 'ecoAssets.buffer.saved',
    failure: SAVE_FAILURE,
    onSaved: (saved) => {
      queryClient.setQueryData(queryKeys.bufferShare, saved);
      setTyped(null);
    },
    refresh: [queryKeys.bufferShareChanges],
  });
  const value = typed ?? (share.data ? String(share.data.buffer_percent) : '');
  const serverReason = typed !== null && typed === sent ? save.serverReasons?.buffer_percent : undefined;
  const problem = typed === null ? undefined : (bufferPercentProblem(toNumber(typed) ?? typed) ?? serverReason);
  const submit = () => {
    setSent(typed);
    return save.submit({ buffer_percent: toNumber(value) ?? 0 });
  };
  return (
    <Card variant="outlined" component="section" aria-label={translate('ecoAssets.buffer.title')}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('ecoAssets.buffer.title')}
        </Typography>
        <Typography variant="body2">{translate('ecoAssets.buffer.explain')}</Typography>
        <Typography variant="body2" color="text.secondary" data-testid="buffer-set-by">
          {share.data?.set_ts
            ? translate('ecoAssets.buffer.setBy', {
                who: share.data.set_by_username ?? translate('ecoAssets.buffer.seed'),
                ts: new Date(share.data.set_ts).toLocaleString(),
              })
            : translate('ecoAssets.buffer.never')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mt: 1 }}>
          <TextField
            size="small"
            label={translate('ecoAssets.buffer.percent')}
            value={value}
            onChange={(event) => setTyped(event.target.value)}
            error={problem !== undefined}
            helperText={problem ?? translate('ecoAssets.buffer.help')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <Button variant="contained" disabled={save.saving || typed === null || problem !== undefined} onClick={() => void submit()}>
            {translate('ecoAssets.buffer.save')}
          </Button>
        </Box>
        <BufferShareChanges />
      </CardContent>
    </Card>
  );
}
