import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Confirm, TextInput, useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { useFormContext, type FieldValues } from 'react-hook-form';
import type { Kiln, KilnKey, KilnKeyAddRequest } from '../domain/api/configure';
import { formatDateTime } from '../domain/dates';
import { RESOURCES } from '../domain/operations';
import { generateKilnKeyPair, shortFingerprint } from '../domain/kilnKeys';
import { isBlank } from '../domain/validation';
import { FacilityChangeTrail } from '../facilities/FacilityChangeTrail';
import { keepText } from '../forms/FormInput';
import { PageForm, usePageFormSave } from '../forms/pageForm';
import { commandFailure, useCommand } from '../forms/useCommand';
import { saveFile } from '../forms/saveFile';
import type { ApiDataProvider } from '../providers/dataProvider';
import { useFailureReport, type FailureTexts } from '../layout/failures';
import { RetryAlert } from '../layout/RetryAlert';
import { queryKeys, writeKey } from '../providers/queryKeys';
import { PendingChip } from './PendingChip';

/** When and by whom a key was added: the seed's keys have no user; a user since deleted has no name. */
function addedBy(key: KilnKey, when: string, translate: (key: string, options?: object) => string): string {
  if (key.created_by === null) return translate('kilns.keys.addedBySeed', { when });
  if (key.created_by_name === null) return translate('kilns.keys.addedByUnknown', { when });
  return translate('kilns.keys.addedBy', { when, user: key.created_by_name });
}

/** Who added or revoked which of the kiln's keys, when (the facility's trail, for this kiln's keys only). */
function KeyTrail({ kiln }: { kiln: Kiln }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const changes = useQuery({ queryKey: queryKeys.listKilnKeyChanges(kiln.id), queryFn: () => dataProvider.listKilnKeyChanges(kiln.id) });
  return (
    <Box component="section" aria-labelledby={`kiln-${kiln.id}-key-trail`} sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" id={`kiln-${kiln.id}-key-trail`}>
        {translate('kilns.keys.trailTitle')}
      </Typography>
      <FacilityChangeTrail changes={changes} error="kilns.keys.trailError" empty="kilns.keys.trailEmpty" />
    </Box>
  );
}

interface KeyRowsProps {
  kiln: Kiln;
  keys: KilnKey[];
  onRevoke: (key: KilnKey) => void;
  /** a super-admin's: approves a pending key */
  onApprove?: (key: KilnKey) => void;
}

function KeyRows({ kiln, keys, onRevoke, onApprove }: KeyRowsProps) {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={translate('kilns.keys.title', { kilnId: kiln.kiln_id })}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('kilns.keys.label')}</TableCell>
          <TableCell>{translate('kilns.keys.fingerprint')}</TableCell>
          <TableCell>{translate('kilns.keys.added')}</TableCell>
          <TableCell>{translate('kilns.keys.state')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {keys.map((key) => {
          const when = formatDateTime(key.created_ts);
          return (
            <TableRow key={key.id}>
              <TableCell>{key.label}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                <span title={key.fingerprint}>{shortFingerprint(key.fingerprint)}</span>
              </TableCell>
              <TableCell>{addedBy(key, when, translate)}</TableCell>
              <TableCell>
                {key.revoked_ts ? (
                  translate('kilns.keys.revoked', { when: formatDateTime(key.revoked_ts) })
                ) : (
                  <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    {key.approved_ts === null ? (
                      <PendingChip title="kilns.keys.pendingHelp" />
                    ) : (
                      <span>{translate('kilns.keys.active')}</span>
                    )}
                    {key.approved_ts === null && onApprove && (
                      <Button
                        size="small"
                        aria-label={translate('kilns.keys.approveLabel', { label: key.label })}
                        onClick={() => onApprove(key)}
                      >
                        {translate('kilns.keys.approve')}
                      </Button>
                    )}
                    <Button
                      size="small"
                      color="error"
                      aria-label={translate('kilns.keys.revokeLabel', { label: key.label })}
                      onClick={() => onRevoke(key)}
                    >
                      {translate('kilns.keys.revoke')}
                    </Button>
                  </Stack>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

const EMPTY_KEY: KilnKeyAddRequest = { label: '', public_key: '' };

/** Both entries are required; the server judges the key itself (a 400's reasons show on their fields). */
function validateKey(values: FieldValues): Record<string, string> {
  return Object.fromEntries(
    (['label', 'public_key'] as const).filter((field) => isBlank(values[field])).map((field) => [field, 'kilns.keys.required']),
  );
}

/** What an add sends: the label trimmed, the key as pasted or generated. */
const keyPayload = (values: FieldValues): KilnKeyAddRequest => ({
  label: keepText(values.label).trim(),
  public_key: keepText(values.public_key),
});

/** Adds a key: a label and a pasted public key, or one generated here whose private half is downloaded once. */
function AddKeyForm({ kiln }: { kiln: Kiln }) {
  const translate = useTranslate();
  // a new form after a success: the entries are cleared
  const [generation, setGeneration] = useState(0);
  const [savedAs, setSavedAs] = useState<string>();
  const add = usePageFormSave({
    write: (dataProvider, key: KilnKeyAddRequest) => dataProvider.addKilnKey({ kilnId: kiln.id, key }),
    mutationKey: writeKey('addKilnKey'),
    success: 'kilns.keys.added_done',
    failure: commandFailure('kilns.keys.addFailed'),
    onSaved: () => {
      setGeneration((n) => n + 1);
      setSavedAs(undefined);
    },
    refresh: [queryKeys.listKilnKeys(kiln.id)],
    validate: validateKey,
    payload: keyPayload,
  });
  const headingId = `kiln-${kiln.id}-add-key`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" id={headingId}>
        {translate('kilns.keys.addTitle')}
      </Typography>
      <PageForm key={generation} save={add} defaultValues={EMPTY_KEY}>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextInput source="label" label="kilns.keys.label" parse={keepText} helperText={false} variant="outlined" size="small" />
          <TextInput
            source="public_key"
            label="kilns.keys.publicKey"
            parse={keepText}
            helperText="kilns.keys.publicKeyHelp"
            variant="outlined"
            multiline
            minRows={3}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
          {savedAs && (
            <Alert severity="warning" role="status">
              {translate('kilns.keys.privateSaved', { fileName: savedAs })}
            </Alert>
          )}
          <Stack direction="row" spacing={1}>
            <GenerateKeyButton kiln={kiln} onSaved={setSavedAs} />
            <Button type="submit" variant="contained" disabled={add.saving}>
              {translate('kilns.keys.add')}
            </Button>
          </Stack>
        </Stack>
      </PageForm>
    </Box>
  );
}

// a browser without Ed25519 keys: what to do instead, as the notification's title
const GENERATE_FAILURE: FailureTexts = { title: 'kilns.keys.generateFailed' };

/** Generates a key pair in the browser: downloads the private half once and puts the public half in the form. */
function GenerateKeyButton({ kiln, onSaved }: { kiln: Kiln; onSaved: (fileName: string) => void }) {
  const translate = useTranslate();
  const report = useFailureReport();
  const { setValue } = useFormContext();
  const generate = useMutation({
    mutationFn: () => generateKilnKeyPair(),
    onSuccess: ({ publicPem, privatePem }) => {
      const fileName = `${kiln.kiln_id}-private-key.pem`;
      saveFile(new Blob([privatePem], { type: 'application/x-pem-file' }), fileName);
      onSaved(fileName);
      // validated at once: a missing key's error goes
      setValue('public_key', publicPem, { shouldDirty: true, shouldValidate: true });
    },
    onError: (error) => void report(error, GENERATE_FAILURE),
  });
  return (
    <Button onClick={() => generate.mutate()} disabled={generate.isPending}>
      {translate('kilns.keys.generate')}
    </Button>
  );
}

/**
 * A kiln's keys: who added each and when, whether it is pending,
 * active or revoked; adds one (pasted or generated in the browser), approves
 * a pending one (a super-admin) and revokes one, each after a confirmation;
 * below, the trail of these changes.
 */
export function KilnKeysDialog({ kiln, onClose }: { kiln: Kiln; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const keys = useQuery({ queryKey: queryKeys.listKilnKeys(kiln.id), queryFn: () => dataProvider.listKilnKeys(kiln.id) });
  const [revoking, setRevoking] = useState<KilnKey | null>(null);
  const revoke = useCommand({
    write: (dataProvider, keyId: number) => dataProvider.revokeKilnKey({ kilnId: kiln.id, keyId }),
    mutationKey: writeKey('revokeKilnKey'),
    success: 'kilns.keys.revoked_done',
    failure: commandFailure('kilns.keys.revokeFailed'),
    refresh: [queryKeys.listKilnKeys(kiln.id)],
  });
  const { canAccess: canApprove = false } = useCanAccess({ resource: RESOURCES.kilns, action: 'approve' });
  const [approving, setApproving] = useState<KilnKey | null>(null);
  const approve = useCommand({
    write: (dataProvider, keyId: number) => dataProvider.approveKilnKey({ kilnId: kiln.id, keyId }),
    mutationKey: writeKey('approveKilnKey'),
    success: 'kilns.keys.approved_done',
    failure: commandFailure('kilns.keys.approveFailed'),
    refresh: [queryKeys.listKilnKeys(kiln.id)],
  });
  const titleId = `kiln-${kiln.id}-keys-title`;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('kilns.keys.title', { kilnId: kiln.kiln_id })}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('kilns.keys.intro')}
        </Typography>
        {keys.isError ? (
          <RetryAlert message="kilns.keys.loadFailed" query={keys} />
        ) : keys.data?.length === 0 ? (
          <Typography>{translate('kilns.keys.none')}</Typography>
        ) : keys.data ? (
          <KeyRows kiln={kiln} keys={keys.data} onRevoke={setRevoking} onApprove={canApprove ? setApproving : undefined} />
        ) : null}
        <AddKeyForm kiln={kiln} />
        <KeyTrail kiln={kiln} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('forms.close')}</Button>
      </DialogActions>
      <Confirm
        isOpen={revoking !== null}
        loading={revoke.running}
        title={translate('kilns.keys.revokeTitle', { label: revoking?.label ?? '' })}
        content={translate('kilns.keys.revokeText', { kilnId: kiln.kiln_id })}
        confirm="kilns.keys.revoke"
        onConfirm={() => {
          if (revoking) void revoke.run(revoking.id);
          setRevoking(null);
        }}
        onClose={() => setRevoking(null)}
      />
      <Confirm
        isOpen={approving !== null}
        loading={approve.running}
        title={translate('kilns.keys.approveTitle', { label: approving?.label ?? '' })}
        content={translate('kilns.keys.approveText', { kilnId: kiln.kiln_id })}
        confirm="kilns.keys.approve"
        onConfirm={() => {
          if (approving) void approve.run(approving.id);
          setApproving(null);
        }}
        onClose={() => setApproving(null)}
      />
    </Dialog>
  );
}
