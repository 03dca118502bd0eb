import { useCallback, useMemo } from 'react';
import { Alert, Box, Button, InputAdornment, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch, type FieldValues } from 'react-hook-form';
import {
  amountRule,
  anythingChosen,
  buildMintPayload,
  formatBound,
  MINT_LIMITS,
  mintFormErrors,
  mintTotal,
  sourceAudit,
  type MintFormValues,
  type MintSource,
} from '../domain/minting';
import { auditIdentity } from '../domain/audits/identity';
import type { MintPayload } from '../domain/api/ecoAssets';
import { mintSplit, percentToBasisPoints } from '../domain/ledger';
import { RESOURCES } from '../domain/operations';
import { FormDialog, useFormDialogSave } from '../forms/FormDialog';
import { BoundTextField, FormInput, numberInputSlots, useFormField } from '../forms/FormInput';
import type { FormFieldErrors } from '../forms/formErrors';
import type { FailureTexts } from '../layout/failures';
import { queryKeys, writeKey } from '../providers/queryKeys';
import { useBufferShare } from './useBufferShare';

// react-hook-form reads a numeric path segment as an array index: amounts are keyed a<signoff id>
const amountKey = (signoffId: number | string) => `a${signoffId}`;
const AMOUNT_TEXTS = {
  out_of_range: 'ecoAssets.minting.amountErrors.out_of_range',
  too_many_decimals: 'ecoAssets.minting.amountErrors.too_many_decimals',
};
/** a form-level error with no input: OK waits while nothing above 0 is chosen */
const NOTHING_CHOSEN_PATH = 'nothing_chosen';

// docs/product.md#error-catalogue gives a title only; a refusal (an audit used meanwhile) says the server's sentence
const MINT_FAILURE: FailureTexts = {
  title: 'ecoAssets.minting.errorTitle',
  other: 'ecoAssets.minting.serverError',
  serverReason: 'refusal',
};

/** The form's values as the minting rules read them: amounts by signoff id. */
function mintValues(values: FieldValues): MintFormValues {
  const amounts = (values.amounts ?? {}) as Record<string, string>;
  return {
    minting_note: String(values.minting_note ?? ''),
    transaction_id: String(values.transaction_id ?? ''),
    amounts: Object.fromEntries(Object.entries(amounts).map(([key, value]) => [key.slice(1), value])),
  };
}

/** A server reason's path (`co2_utilisation.12`) as the form's (`amounts.a12`). */
const formPath = (path: string) =>
  path.startsWith('co2_utilisation.') ? `amounts.${amountKey(path.slice('co2_utilisation.'.length))}` : path;

export interface MintDialogProps {
  /** the audits with CO2 left */
  sources: readonly MintSource[];
  /** closes the modal; after a mint or a refusal the caller's list is reloaded as well */
  onClose: () => void;
}

/**
 * The 'Mint Eco Asset' modal (docs/product.md#eco-asset-minting, docs/product.md#minting-validation): note, transaction ID and an amount
 * per audit between 0 and what remains of it; OK once something above 0 is
 * chosen, and only those amounts are sent. A success closes it (unmounted: the
 * next opens reset) and reloads the lists; a 400 keeps it open with the
 * server's reasons on the fields; any other refusal (an audit used meanwhile)
 * closes it and reloads what is left.
 */
export function MintDialog({ sources, onClose }: MintDialogProps) {
  const translate = useTranslate();
  const save = useFormDialogSave({
    write: (dataProvider, data: MintPayload) => dataProvider.create(RESOURCES.ecoAssets, { data }),
    mutationKey: writeKey('mintEcoAsset'),
    success: 'ecoAssets.minting.minted',
    failure: MINT_FAILURE,
    onClose,
    refresh: [queryKeys.resource(RESOURCES.ecoAssets)],
    fieldPath: formPath,
    payload: (values) => buildMintPayload(mintValues(values)),
  });
  const bufferShare = useBufferShare();
  const remaining = useMemo(() => new Map(sources.map((s) => [s.signoffId, s.remaining])), [sources]);
  const defaultValues = useMemo(
    () => ({ minting_note: '', transaction_id: '', amounts: Object.fromEntries(sources.map((s) => [amountKey(s.signoffId), ''])) }),
    [sources],
  );

  const validate = useCallback(
    (values: FieldValues): FormFieldErrors => {
      const mint = mintValues(values);
      const errors: FormFieldErrors = {};
      for (const [path, key] of Object.entries(mintFormErrors(mint, remaining)))
        errors[path.replace(/^amounts\.(\d+)$/, (_, id: string) => `amounts.${amountKey(id)}`)] = key;
      if (!anythingChosen(mint.amounts)) errors[NOTHING_CHOSEN_PATH] = 'required';
      return errors;
    },
    [remaining],
  );

  return (
    <FormDialog title={translate('ecoAssets.minting.mint')} defaultValues={defaultValues} validate={validate} save={save} onClose={onClose}>
      <FormInput source="minting_note" label="ecoAssets.minting.note" maxLength={MINT_LIMITS.noteLength} required multiline minRows={2} />
      <FormInput source="transaction_id" label="ecoAssets.minting.transactionId" maxLength={MINT_LIMITS.transactionIdLength} required />
      {groupByFacility(sources).map(([facilityName, audits]) => (
        <Box key={facilityName} component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
          <Typography component="legend" variant="subtitle2">
            {facilityName}
          </Typography>
          {audits.map((source) => (
            <AmountInput key={source.signoffId} source={source} />
          ))}
        </Box>
      ))}
      <MintSummary bufferPercent={bufferShare.data?.buffer_percent ?? null} />
    </FormDialog>
  );
}

function groupByFacility(sources: readonly MintSource[]): [string, MintSource[]][] {
  const groups = new Map<string, MintSource[]>();
  for (const s of sources) groups.set(s.facilityName, [...(groups.get(s.facilityName) ?? []), s]);
  return [...groups];
}

/** One audit's amount, 0 to what remains of it, with a button taking all of it. */
function AmountInput({ source }: { source: MintSource }) {
  const translate = useTranslate();
  const rule = amountRule(source.remaining);
  const path = `amounts.${amountKey(source.signoffId)}`;
  const max = formatBound(source.remaining);
  // the helper and the error state the same bound, written the same way
  const { onTextChange, ...binding } = useFormField(path, {
    label: 'ecoAssets.minting.amount',
    rule,
    errorTexts: AMOUNT_TEXTS,
    shownRule: { min: formatBound(0), max },
  });
  return (
    <BoundTextField
      {...binding}
      label={`${auditIdentity(sourceAudit(source), { proposal: false })} · ${binding.label}`}
      helperText={binding.error ? binding.helperText : translate('ecoAssets.minting.amountHelp', { max })}
      onTextChange={onTextChange}
      slotProps={{
        ...numberInputSlots(rule),
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Button
                size="small"
                onClick={() => onTextChange(String(source.remaining))}
                aria-label={translate('ecoAssets.minting.useAllLabel', { max, jobId: source.jobId })}
              >
                {translate('ecoAssets.minting.useAll')}
              </Button>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/**
 * The total to mint and its split into issued and buffer at the share in
 * force (the server splits again at the moment of writing), or the spec's
 * sentence while nothing above 0 is chosen.
 */
function MintSummary({ bufferPercent }: { bufferPercent: number | null }) {
  const translate = useTranslate();
  const { control } = useFormContext();
  const amounts = mintValues({ amounts: useWatch({ control, name: 'amounts' }) }).amounts;
  // no total of an amount the form refuses (m15: "To mint: 999,999.000 kg" beside a flagged field)
  const { errors } = useFormState({ control, name: 'amounts' });
  if (errors.amounts) return null;
  const total = mintTotal(amounts);
  const split = bufferPercent === null ? null : mintSplit(total, percentToBasisPoints(bufferPercent));
  return anythingChosen(amounts) ? (
    <Box sx={{ mt: 2 }} role="status">
      <Typography>{translate('ecoAssets.minting.total', { kg: formatBound(total) })}</Typography>
      {split && (
        <Typography data-testid="mint-split">
          {translate('ecoAssets.minting.split', {
            issued: formatBound(split.issued),
            buffer: formatBound(split.buffer),
            percent: bufferPercent,
          })}
        </Typography>
      )}
    </Box>
  ) : (
    // an Alert's own warning colours meet WCAG AA in both themes; warning.main text on paper does not (3:1)
    <Alert severity="warning" sx={{ mt: 2 }} role="status">
      {translate('ecoAssets.minting.nothingChosen')}
    </Alert>
  );
}
