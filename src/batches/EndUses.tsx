import { Box, Button, List, ListItem, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import type { EndUse } from '../domain/api/batches';
import type { Facility } from '../domain/api/configure';
import { formatCarbon, toKg } from '../domain/carbon';
import { formatDate } from '../domain/dates';
import { FleetMap } from '../fleet/FleetMap';

/** A batch's end uses, listed and drawn on the fleet view's offline map beside the batch's facility. */
export function EndUses({ endUses, facility, onAdd }: { endUses: readonly EndUse[]; facility: Facility | undefined; onAdd?: () => void }) {
  const translate = useTranslate();
  const row = (e: EndUse) =>
    translate('batches.endUses.row', {
      date: formatDate(e.date, 'utc'),
      kg: formatCarbon(toKg(e.dry_g), 'exact'),
      recipient: e.recipient,
      lat: e.latitude,
      lon: e.longitude,
      temp: e.soil_temp_c,
      source: e.soil_temp_source,
    });
  return (
    <Box component="section" aria-labelledby="batch-end-uses-heading">
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography id="batch-end-uses-heading" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate('batches.endUses.heading')}
        </Typography>
        {onAdd && (
          <Button size="small" startIcon={<AddIcon />} onClick={onAdd}>
            {translate('batches.endUses.add')}
          </Button>
        )}
      </Stack>
      {endUses.length === 0 && <Typography variant="body2">{translate('batches.endUses.none')}</Typography>}
      <List dense disablePadding>
        {endUses.map((e) => (
          <ListItem key={e.id} disableGutters divider>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {`${translate(`batches.endUses.kinds.${e.kind}`)}${e.kind_note ? ` (${e.kind_note})` : ''} · ${row(e)}`}
            </Typography>
          </ListItem>
        ))}
      </List>
      {endUses.length > 0 && (
        <FleetMap
          view={{ facilities: facility ? [facility] : [], burns: [] }}
          heading="batches.endUses.mapHeading"
          places={endUses.map((e) => ({ key: e.id, latitude: e.latitude, longitude: e.longitude, label: row(e) }))}
        />
      )}
    </Box>
  );
}
