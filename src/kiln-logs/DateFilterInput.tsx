import { useEffect, useState } from 'react';
import { TextField } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { useInput, useTranslate } from 'react-admin';
import { parseDateText, toDateText } from '../forms/dateText';

export interface DateFilterInputProps {
  source: 'from' | 'to';
  label: string;
  /** alwaysOn is read by react-admin's filter form */
  alwaysOn?: boolean;
}

/**
 * A log-date filter typed in the console's date format (YYYY/MM/DD, like the
 * Install Date), sent as the API's YYYY-MM-DD. Text that is not a date yet
 * changes no filter and says so; From after To is flagged on both.
 */
export function DateFilterInput({ source, label }: DateFilterInputProps) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  const value = typeof field.value === 'string' ? field.value : '';
  const [text, setText] = useState(value ? toDateText(value) : '');
  const from: unknown = useWatch({ name: 'from' });
  const to: unknown = useWatch({ name: 'to' });

  // a filter set elsewhere (the URL, Clear filters) shows here
  useEffect(() => {
    setText((current) => (parseDateText(current) === (value || null) ? current : value ? toDateText(value) : ''));
  }, [value]);

  const change = (next: string) => {
    setText(next);
    const iso = parseDateText(next);
    if (iso) field.onChange(iso);
    else if (next.trim() === '') field.onChange('');
  };

  const unreadable = text.trim() !== '' && !parseDateText(text);
  const crossed = typeof from === 'string' && typeof to === 'string' && from !== '' && to !== '' && from > to;
  const error = unreadable ? translate('validation.invalid_date') : crossed ? translate('kilnLogs.filters.fromAfterTo') : undefined;

  return (
    <TextField
      name={source}
      label={translate(label)}
      value={text}
      onChange={(event) => change(event.target.value)}
      onBlur={field.onBlur}
      placeholder={translate('forms.dateFormat')}
      error={error !== undefined}
      helperText={error ?? ' '}
      size="small"
      variant="filled"
      // a filter form hides helper texts; this one's reason must show (m3: both fields went red without a word)
      sx={{ width: 170, ...(error !== undefined && { '&& .MuiFormHelperText-root': { display: 'block' } }) }}
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
    />
  );
}
