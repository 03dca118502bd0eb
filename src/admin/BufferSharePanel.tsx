import { useState } from 'react';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { HttpError, useCanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { bufferPercentProblem } from '../domain/ledger';
import { RESOURCES } from '../domain/operations';
import { toNumber } from '../domain/validation';
import { useBufferShare } from '../eco-assets/useBufferShare';
import { useNotifyTitled } from '../layout/notifications';
import type { ApiDataProvider } from '../providers/apiDataProvider';
import { BufferShareChanges } from './BufferShareChanges';
import { queryKeys } from '../providers/queryKeys';

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
  const notify = useNotify();
  const notifyTitled = useNotifyTitled();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const share = useBufferShare();
  const [typed, setTyped] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const value = typed ?? (share.data ? String(share.data.buffer_percent) : '');
  const problem = typed === null ? undefined : bufferPercentProblem(toNumber(typed) ?? typed);
  const save = async () => {
    setSaving(true);
    try {
      const saved = await dataProvider.setBufferShare({ buffer_percent: toNumber(value) ?? 0 });
      queryClient.setQueryData(queryKeys.bufferShare, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.bufferShareChanges });
      setTyped(null);
      notify('ecoAssets.buffer.saved', { type: 'success' });
    } catch (error) {
      notifyTitled('ecoAssets.buffer.errorTitle', error instanceof HttpError ? error.message : 'ecoAssets.minting.serverError');
    } finally {
      setSaving(false);
    }
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
          <Button variant="contained" disabled={saving || typed === null || problem !== undefined} onClick={() => void save()}>
            {translate('ecoAssets.buffer.save')}
          </Button>
        </Box>
        <BufferShareChanges />
      </CardContent>
    </Card>
  );
}
