import { useState } from 'react';
import { Box, Button, Collapse, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { CreditResultPayload } from '../domain/api/credits';
import type { Methodology } from '../domain/api/methodologies';
import { bookOf } from '../domain/methodologies/creditsView';
import { Loading } from '../layout/Loading';
import { RetryAlert } from '../layout/RetryAlert';
import { useSmallScreen } from '../layout/useSmallScreen';
import type { ApiDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';
import { CREDIT_ROWS } from './CreditCells';
import { CreditSteps } from './CreditSteps';

interface Column {
  result: CreditResultPayload;
  book: Methodology | undefined;
}

const stepsId = (methodology: string) => `credit-steps-${methodology}`;
/** the same test id on the table's cell and the card's entry: a browser test reads either width alike */
const cellId = (c: Column, row: string) => `credit-${c.result.methodology}-${row}`;

function StepsButton({ column, open, onToggle }: { column: Column; open: boolean; onToggle: () => void }) {
  const translate = useTranslate();
  return (
    <Button size="small" aria-expanded={open} aria-controls={stepsId(column.result.methodology)} onClick={onToggle}>
      {translate(open ? 'batches.credits.hideSteps' : 'batches.credits.showSteps')}
      <Box component="span" sx={visuallyHidden}>
        {` (${column.result.methodology})`}
      </Box>
    </Button>
  );
}

function ColumnTitle({ column, component, id }: { column: Column; component: 'div' | 'h3'; id?: string }) {
  const translate = useTranslate();
  return (
    <>
      <Typography id={id} variant="subtitle1" component={component} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {column.result.methodology}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {column.book?.name ?? translate('batches.credits.version', { version: column.result.version })}
      </Typography>
    </>
  );
}

/** The desk's table: one column a methodology, one row a question, scrolling sideways inside itself where the window is narrow; the steps open below it. */
function SideBySide({ columns, open, toggle }: { columns: Column[]; open: ReadonlySet<string>; toggle: (id: string) => void }) {
  const translate = useTranslate();
  return (
    <>
      <Box role="region" aria-label={translate('batches.credits.region')} tabIndex={0} sx={{ overflowX: 'auto', maxWidth: '100%' }}>
        <Table size="small" sx={{ tableLayout: 'fixed', minWidth: 160 + columns.length * 150 }}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col" sx={{ width: 160 }}>
                {translate('batches.credits.methodology')}
              </TableCell>
              {columns.map((c) => (
                <TableCell key={c.result.methodology} component="th" scope="col" sx={{ verticalAlign: 'top' }}>
                  <ColumnTitle column={c} component="div" />
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {CREDIT_ROWS.map(({ key, label, Cell }) => (
              <TableRow key={key}>
                <TableCell component="th" scope="row" sx={{ verticalAlign: 'top' }}>
                  {translate(label)}
                </TableCell>
                {columns.map((c) => (
                  <TableCell key={c.result.methodology} sx={{ verticalAlign: 'top' }} data-testid={cellId(c, key)}>
                    <Cell result={c.result} book={c.book} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row">
                {translate('batches.credits.rows.steps')}
              </TableCell>
              {columns.map((c) => (
                <TableCell key={c.result.methodology}>
                  <StepsButton column={c} open={open.has(c.result.methodology)} onToggle={() => toggle(c.result.methodology)} />
                </TableCell>
              ))}
            </TableRow>
          </TableBody>
        </Table>
      </Box>
      {columns
        .filter((c) => open.has(c.result.methodology))
        .map((c) => (
          <Paper key={c.result.methodology} variant="outlined" sx={{ p: 2 }} component="section" id={stepsId(c.result.methodology)}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {translate('batches.credits.stepsOf', { methodology: c.result.methodology })}
            </Typography>
            <CreditSteps result={c.result} book={c.book} headingLevel="h3" />
          </Paper>
        ))}
    </>
  );
}

/** The phone's cards: one a methodology, the same rows as the table's, its steps opening inside it. */
function Cards({ columns, open, toggle }: { columns: Column[]; open: ReadonlySet<string>; toggle: (id: string) => void }) {
  const translate = useTranslate();
  return (
    <Stack sx={{ gap: 1 }}>
      {columns.map((c) => (
        <Paper
          key={c.result.methodology}
          variant="outlined"
          component="section"
          aria-labelledby={`credit-card-${c.result.methodology}`}
          sx={{ p: 1.5, minWidth: 0 }}
          data-testid={`credit-card-${c.result.methodology}`}
        >
          <ColumnTitle column={c} component="h3" id={`credit-card-${c.result.methodology}`} />
          <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gap: 0.75 }}>
            {CREDIT_ROWS.map(({ key, label, Cell }) => (
              <Box key={key}>
                <Typography variant="caption" color="text.secondary" component="dt">
                  {translate(label)}
                </Typography>
                <Box component="dd" sx={{ m: 0 }} data-testid={cellId(c, key)}>
                  <Cell result={c.result} book={c.book} />
                </Box>
              </Box>
            ))}
          </Box>
          <StepsButton column={c} open={open.has(c.result.methodology)} onToggle={() => toggle(c.result.methodology)} />
          <Collapse in={open.has(c.result.methodology)} unmountOnExit>
            <Box id={stepsId(c.result.methodology)}>
              <CreditSteps result={c.result} book={c.book} headingLevel="h3" />
            </Box>
          </Collapse>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * What each methodology credits for the batch, side by side (GET /api/batches/{id}/credits): eligible
 * or the failed gate, the net figure, the batch's H/C_org against each gate, what is still missing and
 * the char waiting for an end use; the steps on expanding.
 */
export function CreditsTable({ batchId, hasLabResult }: { batchId: number; hasLabResult: boolean }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const small = useSmallScreen();
  const credits = useQuery({ queryKey: queryKeys.getBatchCredits(batchId), queryFn: () => dataProvider.getBatchCredits(batchId) });
  const books = useQuery({ queryKey: queryKeys.listMethodologies, queryFn: () => dataProvider.listMethodologies() });
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const columns = credits.data && books.data ? credits.data.results.map((result) => ({ result, book: bookOf(books.data, result) })) : null;
  return (
    <Box component="section" aria-labelledby="batch-credits-heading" sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography id="batch-credits-heading" variant="h6" component="h2">
        {translate('batches.credits.heading')}
      </Typography>
      {credits.isError && <RetryAlert message="batches.credits.loadError" query={credits} />}
      {books.isError && <RetryAlert message="batches.credits.booksError" query={books} />}
      {!columns && !credits.isError && !books.isError && <Loading />}
      {columns && !hasLabResult && <Typography variant="body2">{translate('batches.credits.noLab')}</Typography>}
      {columns?.length === 0 && <Typography variant="body2">{translate('batches.credits.noneConfigured')}</Typography>}
      {columns &&
        columns.length > 0 &&
        (small ? <Cards columns={columns} open={open} toggle={toggle} /> : <SideBySide columns={columns} open={open} toggle={toggle} />)}
    </Box>
  );
}
