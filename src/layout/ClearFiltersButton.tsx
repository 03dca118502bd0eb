import { Button } from '@mui/material';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { useListContext, useTranslate } from 'react-admin';

/** Clears every filter of the list at once; disabled while none is set. */
export function ClearFiltersButton() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const active = Object.values(filterValues ?? {}).some((value) => value !== undefined && value !== '' && value !== null);
  return (
    <Button size="small" startIcon={<FilterAltOffIcon />} disabled={!active} onClick={() => setFilters({}, [])}>
      {translate('lists.clearFilters')}
    </Button>
  );
}
