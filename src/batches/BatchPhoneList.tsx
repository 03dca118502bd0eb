import { List, ListItem, ListItemButton, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useListContext, useTranslate } from 'react-admin';
import type { Batch } from '../domain/api/batches';
import type { Facility } from '../domain/api/configure';
import { ListEmpty } from '../layout/ListStates';
import { BatchKg, EndUseState, LabState } from './BatchCells';
import { facilityName, feedstockName, kilnTypeName, periodText } from './batchText';

/** The phone's batches (390 px): each entry a link to the batch, its figures on lines of their own. */
export function BatchPhoneList({ facilities }: { facilities: ReadonlyMap<number, Facility> | undefined }) {
  const translate = useTranslate();
  const { data, isPending } = useListContext<Batch>();
  if (isPending) return null;
  if (!data?.length) return <ListEmpty message="batches.noMatch" />;
  return (
    <List disablePadding aria-label={translate('pages.batches')}>
      {data.map((batch, index) => (
        <ListItem key={batch.id} disablePadding divider={index < data.length - 1}>
          <ListItemButton component={Link} to={`/batches/${batch.id}`} sx={{ display: 'block' }}>
            <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
              {`${batch.label} · ${facilityName(facilities, batch.facility_id)} · ${kilnTypeName(batch.kiln_type)}`}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {`${feedstockName(batch, translate)} · ${periodText(batch, translate)}`}
            </Typography>
            <Typography variant="body2">
              {translate('batches.columns.burns')} {batch.analysis_ids.length} · {translate('batches.columns.wetKg')}{' '}
              <BatchKg grams={batch.wet_biochar_g} /> · {translate('batches.columns.dryKg')} <BatchKg grams={batch.dry_biochar_g} />
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('batches.columns.labState')}: <LabState batch={batch} /> · {translate('batches.columns.endUseState')}:{' '}
              <EndUseState batch={batch} />
            </Typography>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
