import { MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { useReportQueryFailure, type FailureTexts } from '../layout/failures';
import type { ApiDataProvider } from '../providers/dataProvider';
import { facilityOptionLabel } from './facilityOptionLabel';
import { queryKeys } from '../providers/queryKeys';

const LIST_FAILURE: FailureTexts = { title: 'facilities.listErrorTitle' };

/** The facility dropdown's width (docs/product.md#facilities-page, docs/product.md#constants-and-limits). */
export const FACILITY_DROPDOWN_WIDTH = 400;

export interface FacilityDropdownProps {
  /** the chosen facility's id; null: none */
  value: number | null;
  onChange: (facilityId: number | null) => void;
  /** message key of the label; default 'Facility' */
  label?: string;
  disabled?: boolean;
  /** message key of a first item that chooses none (e.g. every facility); none: no such item */
  emptyOption?: string;
}

/**
 * Pick one facility, for the screens that work on one (audit history,
 * eco-asset review): items "mnemonic – name" from GET /api/dropdowns/facilities.
 */
export function FacilityDropdown({ value, onChange, label = 'facilities.dropdown', disabled, emptyOption }: FacilityDropdownProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const options = useQuery({ queryKey: queryKeys.listFacilityOptions, queryFn: () => dataProvider.listFacilityOptions() });
  useReportQueryFailure(options.error, LIST_FAILURE);
  const items = options.data ?? [];
  // until the list arrives the chosen id has no item: show it empty rather than out of range
  const shown = value !== null && items.some((item) => item.id === value) ? String(value) : '';

  return (
    <TextField
      select
      label={translate(label)}
      value={shown}
      disabled={disabled || options.isPending}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      sx={{ width: FACILITY_DROPDOWN_WIDTH, maxWidth: '100%' }}
      slotProps={emptyOption ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
    >
      {emptyOption && <MenuItem value="">{translate(emptyOption)}</MenuItem>}
      {items.map((item) => (
        <MenuItem key={item.id} value={String(item.id)}>
          {facilityOptionLabel(item)}
        </MenuItem>
      ))}
    </TextField>
  );
}
