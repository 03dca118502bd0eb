import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { HttpError, useTranslate } from 'react-admin';
import { formatDateTime } from '../domain/dates';
import { formatNumber } from '../domain/format';
import type { Checkpoint } from '../domain/transparency/checkpoint';
import type { TransparencyEntry } from '../domain/transparency/entries';
import { checkEntry, entrySummary, lookupQuery, openCheckpoint, type EntryCheck } from '../domain/transparency/publicCheck';
import { RetryAlert } from '../layout/RetryAlert';
import { fetchCheckpoint, fetchEntry, fetchInclusionProof, fetchSigningKeys, lookUpEntry } from '../providers/transparencyLog';

/** how many of the newest entries the page lists */
const LATEST = 10;

const MONOSPACE = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

/** One part of the page: a region named by its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {translate(title)}
      </Typography>
      {children}
    </Paper>
  );
}

/** What a link to the page asks to check (its `q`), or nothing. */
const linkedQuery = (): string => new URLSearchParams(window.location.search).get('q')?.slice(0, 200) ?? '';

/** The checkpoint as served and as opened with the console's keys, in this browser. */
async function readCheckpoint() {
  const [note, keys] = await Promise.all([fetchCheckpoint(), fetchSigningKeys()]);
  return { note, opened: openCheckpoint(note, keys) };
}

/**
 * /transparency, open without logging in (docs/security.md, "Transparency log"): the latest
 * signed checkpoint, checked against the console's keys here; a box that finds an entry by a
 * package's SHA-256, a transaction id or its index and checks its inclusion proof here; and the
 * newest entries.
 */
export function TransparencyPage() {
  const translate = useTranslate();
  const checkpoint = useQuery({ queryKey: ['transparency', 'checkpoint'], queryFn: readCheckpoint });
  const opened = checkpoint.data?.opened;
  const tree = opened?.ok ? opened.checkpoint : null;
  // a link may name what to check (/transparency?q=<package SHA-256>): checked once the checkpoint is in
  const [typed, setTyped] = useState(linkedQuery);
  // the text last checked: the check is a read of the log, asked again by Retry
  const [asked, setAsked] = useState<{ text: string } | null>(() => (linkedQuery() ? { text: linkedQuery() } : null));
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {translate('transparency.title')}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          {translate('transparency.intro')}
        </Typography>
      </Box>
      <Section id="checkpoint-heading" title="transparency.checkpoint">
        {checkpoint.isPending ? (
          <Box role="status" aria-label={translate('transparency.loadingCheckpoint')}>
            <Skeleton width="60%" />
            <Skeleton width="40%" />
            <Skeleton width="90%" />
          </Box>
        ) : checkpoint.isError ? (
          <RetryAlert message="transparency.checkpointFailed" query={checkpoint} />
        ) : (
          <CheckpointDetails note={checkpoint.data.note} opened={checkpoint.data.opened} />
        )}
      </Section>
      {tree && <EntryCheckBox tree={tree} typed={typed} onType={setTyped} asked={asked} onAsk={setAsked} />}
      {tree && (
        <LatestEntries
          tree={tree}
          onCheck={(index) => {
            setTyped(String(index));
            setAsked({ text: String(index) });
          }}
        />
      )}
    </Stack>
  );
}

function CheckpointDetails({ note, opened }: { note: string; opened: ReturnType<typeof openCheckpoint> }) {
  const translate = useTranslate();
  if (!opened.ok) return <Alert severity="error">{translate('transparency.signatureFails', { reason: opened.reason })}</Alert>;
  const { checkpoint, kid } = opened;
  const rows: [string, string, boolean][] = [
    ['transparency.origin', checkpoint.origin, true],
    ['transparency.size', formatNumber(checkpoint.size), false],
    ['transparency.root', btoa(String.fromCharCode(...checkpoint.root)), true],
    ['transparency.signedBy', kid, true],
  ];
  return (
    <Stack spacing={1.5}>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5 }}
      >
        {rows.map(([label, value, mono]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {translate(label)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, ...(mono ? MONOSPACE : {}) }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Alert severity="success">
        {translate('transparency.signatureChecked')}. {translate('transparency.compareKey')}
      </Alert>
      <Box component="details">
        <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
          {translate('transparency.note')}
        </Typography>
        <Box component="pre" sx={{ ...MONOSPACE, whiteSpace: 'pre-wrap', fontSize: 13, mt: 1, mb: 0 }}>
          {note}
        </Box>
      </Box>
    </Stack>
  );
}

type CheckOutcome = { index: number; check: EntryCheck } | { notFound: string };

/** The index the server files under a SHA-256 or a transaction id; null when it files none (a 404). */
async function lookedUp(q: string): Promise<number | null> {
  try {
    return await lookUpEntry(q);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/** Finds the entry the text names (by the server's lookup, unless it is an index) and checks its proof here. */
async function runCheck(text: string, tree: Checkpoint): Promise<CheckOutcome | null> {
  const query = lookupQuery(text);
  if (query.kind === 'empty') return null;
  let index: number;
  if (query.kind === 'search') {
    const found = await lookedUp(query.q);
    if (found === null) return { notFound: query.q };
    index = found;
  } else index = (query.orTransaction ? await lookedUp(String(query.index)) : null) ?? query.index;
  if (index >= tree.size) return { index, check: { included: false, reason: 'past_checkpoint' } };
  const [bytes, proof] = await Promise.all([fetchEntry(index), fetchInclusionProof(index, tree.size)]);
  return { index, check: checkEntry(index, bytes, proof.hashes, tree) };
}

interface EntryCheckBoxProps {
  tree: Checkpoint;
  typed: string;
  onType: (text: string) => void;
  /** what was asked to be checked (a new object each time, so the same text is checked again) */
  asked: { text: string } | null;
  onAsk: (asked: { text: string }) => void;
}

function EntryCheckBox({ tree, typed, onType, asked, onAsk }: EntryCheckBoxProps) {
  const translate = useTranslate();
  const [empty, setEmpty] = useState(false);
  const [round, setRound] = useState(0);
  const check = useQuery({
    queryKey: ['transparency', 'check', asked?.text, tree.size, round],
    queryFn: () => runCheck(asked!.text, tree),
    enabled: asked !== null,
    gcTime: 0,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const isEmpty = lookupQuery(typed).kind === 'empty';
    setEmpty(isEmpty);
    if (isEmpty) return;
    onAsk({ text: typed });
    setRound((n) => n + 1);
  };
  const checking = check.isFetching;
  return (
    <Section id="check-heading" title="transparency.check">
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label={translate('transparency.lookupLabel')}
          value={typed}
          onChange={(event) => {
            onType(event.target.value);
            setEmpty(false);
          }}
          error={empty}
          helperText={translate(empty ? 'transparency.needsText' : 'transparency.lookupHelp')}
          slotProps={{ htmlInput: { maxLength: 200, spellCheck: false, autoComplete: 'off' } }}
          sx={{ flex: '1 1 320px', minWidth: 0 }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={checking}
          startIcon={checking ? <CircularProgress size={16} color="inherit" /> : undefined}
          sx={{ mt: 1 }}
        >
          {translate(checking ? 'transparency.checking' : 'transparency.checkButton')}
        </Button>
      </Box>
      <Box aria-live="polite" sx={{ mt: 2 }}>
        {check.isError && <RetryAlert message="transparency.checkFailed" query={check} />}
        {check.data && !checking && <CheckResult outcome={check.data} size={tree.size} />}
      </Box>
    </Section>
  );
}

function CheckResult({ outcome, size }: { outcome: CheckOutcome; size: number }) {
  const translate = useTranslate();
  if ('notFound' in outcome) return <Alert severity="warning">{translate('transparency.notFound', { q: outcome.notFound })}</Alert>;
  const { index, check } = outcome;
  if (!check.included) {
    const key = check.reason === 'past_checkpoint' ? 'transparency.pastCheckpoint' : 'transparency.proofFails';
    return (
      <Alert severity={check.reason === 'past_checkpoint' ? 'info' : 'error'}>{translate(key, { index, size: formatNumber(size) })}</Alert>
    );
  }
  return (
    <Alert severity="success" sx={{ '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}>
      {translate('transparency.included', { index, size: formatNumber(size) })}
      {check.entry && (
        <Typography variant="body2" sx={{ mt: 1, fontWeight: 500 }}>
          <EntryLine entry={check.entry} />
        </Typography>
      )}
      <Box component="pre" sx={{ ...MONOSPACE, whiteSpace: 'pre-wrap', fontSize: 13, mt: 1, mb: 0 }}>
        {check.entry ? JSON.stringify(check.entry, null, 2) : check.text}
      </Box>
    </Alert>
  );
}

function EntryLine({ entry }: { entry: TransparencyEntry }) {
  const translate = useTranslate();
  const { kind, subject, ts } = entrySummary(entry);
  return `${translate(`transparency.kinds.${kind}`)} ${subject}, ${formatDateTime(ts)}`;
}

/** The newest entries, newest first, each parsed from its bytes. */
async function readLatest(size: number): Promise<{ index: number; entry: TransparencyEntry | null }[]> {
  const indexes = Array.from({ length: Math.min(LATEST, size) }, (_, i) => size - 1 - i);
  const decoder = new TextDecoder();
  return Promise.all(
    indexes.map(async (index) => {
      const text = decoder.decode(await fetchEntry(index));
      try {
        return { index, entry: JSON.parse(text) as TransparencyEntry };
      } catch {
        return { index, entry: null };
      }
    }),
  );
}

function LatestEntries({ tree, onCheck }: { tree: Checkpoint; onCheck: (index: number) => void }) {
  const translate = useTranslate();
  const latest = useQuery({ queryKey: ['transparency', 'latest', tree.size], queryFn: () => readLatest(tree.size) });
  return (
    <Section id="latest-heading" title="transparency.latest">
      {latest.isPending ? (
        <Box role="status" aria-label={translate('app.loading')}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} />
          ))}
        </Box>
      ) : latest.isError ? (
        <RetryAlert message="transparency.entriesFailed" query={latest} />
      ) : latest.data.length === 0 ? (
        <Typography color="text.secondary">{translate('transparency.noEntries')}</Typography>
      ) : (
        <Table size="small" aria-labelledby="latest-heading" sx={{ tableLayout: 'fixed' }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: { xs: 64, sm: 90 } }}>{translate('transparency.index')}</TableCell>
              <TableCell>{translate('transparency.kind')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{translate('transparency.time')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {latest.data.map(({ index, entry }) => (
              <TableRow key={index}>
                <TableCell>
                  <Button
                    size="small"
                    onClick={() => onCheck(index)}
                    aria-label={translate('transparency.checkEntry', { index })}
                    sx={{ minWidth: 0, p: 0.5 }}
                  >
                    {index}
                  </Button>
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {entry ? `${translate(`transparency.kinds.${entry.kind}`)} ${entrySummary(entry).subject}` : '—'}
                  <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                    {entry ? formatDateTime(entrySummary(entry).ts) : ''}
                  </Typography>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {entry ? formatDateTime(entrySummary(entry).ts) : ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}
