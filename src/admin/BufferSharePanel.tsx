import { useEffect, useState } from 'react';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch, type FieldValues } from 'react-hook-form';
import type { BufferShare, BufferSharePayload } from '../domain/api/ecoAssets';
import { formatDateTime } from '../domain/dates';
import { BUFFER_PERCENT_RULE, bufferPercentError } from '../domain/ledger';
import { RESOURCES } from '../domain/operations';
import { toNumber } from '../domain/validation';
import { useBufferShare } from '../eco-assets/useBufferShare';
import type { FieldMessage } from '../forms/formErrors';
import { FormInput, keepText } from '../forms/FormInput';
import { PageForm, usePageFormSave } from '../forms/pageForm';
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
 * The buffer share every later mint withholds, shown with who set
 * it and when, and set here by a super-admin alone (rule certify eco-asset),
 * above the trail of every share set before.
 */
export function BufferSharePanel() {
  const { canAccess } = useCanAccess({ resource: RESOURCES.ecoAssets, action: 'certify' });
  return canAccess ? <BufferShareEditor /> : null;
}

/** The share in force as the form's text; blank until it is read. */
const shareValues = (share: BufferShare | undefined) => ({ buffer_percent: share ? String(share.buffer_percent) : '' });

/** The rule the server applies, judged as typed and worded as every form's field errors are. */
function validateShare(values: FieldValues): Record<string, FieldMessage> {
  const key = bufferPercentError(keepText(values.buffer_percent));
  return key === undefined ? {} : { buffer_percent: { message: key, args: { server: false } } };
}

const sharePayload = (values: FieldValues): BufferSharePayload => ({ buffer_percent: toNumber(values.buffer_percent) ?? 0 });

function BufferShareEditor() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const share = useBufferShare();
  // a new form after a success: it shows the share saved
  const [generation, setGeneration] = useState(0);
  const save = usePageFormSave({
    write: (dataProvider, payload: BufferSharePayload) => dataProvider.setBufferShare(payload),
    mutationKey: writeKey('setBufferShare'),
    success: 'ecoAssets.buffer.saved',
    failure: SAVE_FAILURE,
    onSaved: (saved) => {
      queryClient.setQueryData(queryKeys.getBufferShare, saved);
      setGeneration((n) => n + 1);
    },
    refresh: [queryKeys.listBufferShareChanges],
    validate: validateShare,
    payload: sharePayload,
  });
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
                ts: formatDateTime(share.data.set_ts),
              })
            : translate('ecoAssets.buffer.never')}
        </Typography>
        {/* the share in force shows once read, or read anew, but what the user typed stays */}
        <PageForm key={generation} save={save} defaultValues={shareValues(share.data)} resetOptions={KEEP_TYPED}>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mt: 1 }}>
            <FormInput
              source="buffer_percent"
              label="ecoAssets.buffer.percent"
              help="ecoAssets.buffer.help"
              rule={BUFFER_PERCENT_RULE}
              size="small"
              fullWidth={false}
              margin="none"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <SaveShareButton saving={save.saving} />
          </Box>
        </PageForm>
        <BufferShareChanges />
      </CardContent>
    </Card>
  );
}

const KEEP_TYPED = { keepDirtyValues: true } as const;

/** Save: once the share was changed, and while it breaks no rule (the server's reason on it included). */
function SaveShareButton({ saving }: { saving: boolean }) {
  const translate = useTranslate();
  const { trigger } = useFormContext();
  const { isDirty, isValid, touchedFields } = useFormState();
  const typed = useWatch({ name: 'buffer_percent' });
  const touched = Boolean(touchedFields.buffer_percent);
  // FormInput sets the value without validating it: what is typed is judged as it is typed (the share in force is not)
  useEffect(() => {
    if (touched) void trigger();
  }, [typed, touched, trigger]);
  return (
    <Button type="submit" variant="contained" disabled={saving || !isDirty || !isValid}>
      {translate('ecoAssets.buffer.save')}
    </Button>
  );
}
