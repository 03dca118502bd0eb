import { Box, Chip, List, ListItem, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { missingInputs, type BatchEvidence } from '../domain/batches';
import { Loading } from '../layout/Loading';
import { RetryAlert } from '../layout/RetryAlert';
import type { ApiDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';

/** For every rulebook the server holds, which of its inputs the batch has and which it still misses. */
export function MissingInputs({ evidence }: { evidence: BatchEvidence }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const books = useQuery({ queryKey: queryKeys.listMethodologies, queryFn: () => dataProvider.listMethodologies() });
  return (
    <Box component="section" aria-labelledby="batch-missing-heading">
      <Typography id="batch-missing-heading" variant="h6" component="h2">
        {translate('batches.missing.heading')}
      </Typography>
      {books.isPending && <Loading />}
      {books.isError && <RetryAlert message="batches.missing.loadError" query={books} />}
      {books.data && (
        <List dense disablePadding>
          {missingInputs(books.data, evidence).map((m) => (
            <ListItem key={m.id} disableGutters divider sx={{ display: 'block' }} data-testid={`missing-${m.id}`}>
              <Typography variant="body1">{m.name}</Typography>
              <Typography variant="body2" color={m.missing.length ? 'warning.main' : 'success.main'}>
                {m.inputs.length === 0
                  ? translate('batches.missing.nothingAsked')
                  : m.missing.length === 0
                    ? translate('batches.missing.complete')
                    : translate('batches.missing.missing', {
                        inputs: m.missing.map((i) => translate(`batches.missing.inputs.${i}`)).join(', '),
                      })}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                {m.inputs.map(({ input, present }) => (
                  <Chip
                    key={input}
                    size="small"
                    variant={present ? 'filled' : 'outlined'}
                    color={present ? 'success' : 'warning'}
                    label={`${translate(`batches.missing.inputs.${input}`)}: ${translate(present ? 'batches.missing.has' : 'batches.missing.lacks')}`}
                  />
                ))}
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
