import { useState } from 'react';
import { Box, Button, Chip, List, ListItem, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import type { Lab, LabResult } from '../domain/api/batches';
import { LAB_VALUE_FIELDS } from '../domain/batches';
import { formatDate } from '../domain/dates';
import { ViewerDialog } from '../viewer/ViewerDialog';

/** A batch's lab results, newest first: values, lab, lab-signed, superseded; each certificate in the viewer. */
export function LabResults({
  batchId,
  results,
  labs,
  onAdd,
}: {
  batchId: number;
  results: readonly LabResult[];
  labs: readonly Lab[];
  /** opens the form; none: the user may not record one */
  onAdd?: () => void;
}) {
  const translate = useTranslate();
  const [viewing, setViewing] = useState<LabResult | null>(null);
  const superseded = new Set(results.map((r) => r.supersedes).filter((id): id is number => id !== null));
  const labOf = (id: number) => labs.find((lab) => lab.id === id);
  return (
    <Box component="section" aria-labelledby="batch-lab-heading">
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography id="batch-lab-heading" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate('batches.labResults.heading')}
        </Typography>
        {onAdd && (
          <Button size="small" startIcon={<AddIcon />} onClick={onAdd}>
            {translate('batches.labResults.add')}
          </Button>
        )}
      </Stack>
      {results.length === 0 && <Typography variant="body2">{translate('batches.labResults.none')}</Typography>}
      <List dense disablePadding>
        {[...results]
          .sort((a, b) => b.id - a.id)
          .map((r) => {
            const lab = labOf(r.lab_id);
            return (
              <ListItem key={r.id} disableGutters divider sx={{ display: 'block' }} data-testid={`lab-result-${r.id}`}>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
                  <Typography variant="body1" sx={{ mr: 1 }}>
                    {lab ? `${lab.name} (${lab.accreditation})` : `#${r.lab_id}`}
                  </Typography>
                  <Chip
                    size="small"
                    color={r.lab_signed ? 'success' : 'default'}
                    label={translate(r.lab_signed ? 'batches.labResults.signed' : 'batches.labResults.unsigned')}
                  />
                  {superseded.has(r.id) && <Chip size="small" color="warning" label={translate('batches.labResults.superseded')} />}
                  {r.supersedes !== null && (
                    <Chip size="small" variant="outlined" label={translate('batches.labResults.supersedes', { id: r.supersedes })} />
                  )}
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {translate('batches.labResults.sample', {
                    id: r.sample_id,
                    sampled: formatDate(r.sampled_date, 'utc'),
                    reported: formatDate(r.reported_date, 'utc'),
                  })}
                  {` · ${r.methods.join(', ')}`}
                </Typography>
                <Typography
                  variant="body2"
                  sx={{ overflowWrap: 'anywhere', textDecoration: superseded.has(r.id) ? 'line-through' : undefined }}
                >
                  {LAB_VALUE_FIELDS.filter((f) => r[f] !== null)
                    .map((f) => `${translate(`batches.labResults.values.${f}`)} ${String(r[f])}`)
                    .join(' · ')}
                </Typography>
                <Button size="small" onClick={() => setViewing(r)}>
                  {translate('batches.labResults.certificate')}
                </Button>
              </ListItem>
            );
          })}
      </List>
      {viewing && (
        <ViewerDialog
          title={translate('batches.labResults.certificateTitle', { id: viewing.sample_id })}
          document={{ kind: 'labCertificate', batchId, resultId: viewing.id }}
          onClose={() => setViewing(null)}
        />
      )}
    </Box>
  );
}
