import { useEffect, useRef } from 'react';
import { IconButton, InputAdornment, type TextFieldProps } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import { useTranslate } from 'react-admin';
import { parseDateText, toDateText } from './dateText';
import { BoundTextField, useFormField, type FieldBinding, type FieldOptions } from './FormInput';

type DateTextFieldProps = FieldOptions & { source: string } & Omit<TextFieldProps, keyof FieldBinding | 'onChange' | 'type'>;

const pickerStyle = { position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0 } as const;

/**
 * A date typed as YYYY/MM/DD, with the browser's calendar behind a button. No
 * MUI date picker is installed, and a native date input shows the browser's
 * locale format, not the spec's YYYY/MM/DD. Once it holds a date it cannot be
 * cleared: leaving it empty or invalid puts the last date back.
 */
export function DateTextField({ source, label, help, rule, errorTexts, maxLength, ...props }: DateTextFieldProps) {
  const translate = useTranslate();
  const { value, onTextChange, onBlur, ...binding } = useFormField(source, { label, help, rule, errorTexts, maxLength });
  const picker = useRef<HTMLInputElement>(null);
  const lastDate = useRef<string | null>(parseDateText(value));
  const isoDate = parseDateText(value);

  useEffect(() => {
    if (isoDate) lastDate.current = isoDate;
  }, [isoDate]);

  const handleBlur = () => {
    const date = isoDate ?? lastDate.current;
    if (date && toDateText(date) !== value) onTextChange(toDateText(date));
    onBlur();
  };

  const openPicker = () => {
    try {
      picker.current?.showPicker();
    } catch {
      // no calendar in this browser (or no user gesture): typing still works
    }
  };

  return (
    <BoundTextField
      {...binding}
      {...props}
      value={value}
      placeholder={translate('forms.dateFormat')}
      onTextChange={onTextChange}
      onBlur={handleBlur}
      slotProps={{
        htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton edge="end" aria-label={translate('forms.chooseDate')} onClick={openPicker}>
                <EventIcon />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                style={pickerStyle}
                value={isoDate ?? ''}
                onChange={(event) => {
                  if (event.target.value) onTextChange(toDateText(event.target.value));
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
