import { useCallback } from 'react';
import { TextField, type TextFieldProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { NumberRule, ValidationErrorKey } from '../domain/validation';
import type { FieldForm } from './useFieldForm';

/** What binds an input to one field of a FieldForm. */
export interface FieldBinding {
  name: string;
  label: string;
  value: string;
  error: boolean;
  helperText?: string;
  onBlur: () => void;
  onTextChange: (text: string) => void;
}

export interface BindOptions {
  /** message key of the label */
  label: string;
  /** message key of the help text, shown while the field has no error */
  help?: string;
  /** a numeric field's range, for its help and error texts */
  rule?: NumberRule;
  /** message keys replacing the generic text of an error on this field */
  errorTexts?: Partial<Record<ValidationErrorKey, string>>;
  /** a text field's most characters: stated under it before it bites, and in its error */
  maxLength?: number;
}

/** bind(field, options): the props that tie an input to the form, with translated label, help and error. */
export function useFieldBinding<F extends string>(form: FieldForm<F>) {
  const translate = useTranslate();
  return useCallback(
    (field: F, { label, help, rule, errorTexts, maxLength }: BindOptions): FieldBinding => {
      const error = form.shownError(field);
      // the server's reason for this field, after a 400, until the field is edited
      const serverError = form.serverErrors[field];
      const args = { ...(rule ?? {}), ...(maxLength === undefined ? {} : { max: maxLength }) };
      const helperText = serverError
        ? serverError
        : error
          ? translate(errorTexts?.[error] ?? `validation.${error}`, args)
          : help
            ? translate(help)
            : rule
              ? translate('forms.numberRule', args)
              : maxLength !== undefined
                ? translate('validation.too_long', args)
                : undefined;
      return {
        name: field,
        label: translate(label),
        value: form.values[field],
        error: error !== undefined || serverError !== undefined,
        helperText,
        onBlur: () => form.touch(field),
        onTextChange: (text) => form.set(field, text),
      };
    },
    [form, translate],
  );
}

type FormTextFieldProps = FieldBinding & Omit<TextFieldProps, keyof FieldBinding | 'onChange'>;

/** Outlined: the modal forms show many field errors, and outlined fields keep them easiest to read. */
export const FORM_FIELD_VARIANT = 'outlined';

/** A MUI TextField (or select, with `select` and MenuItem children) bound to a form field. */
export function FormTextField({ onTextChange, ...props }: FormTextFieldProps) {
  return (
    <TextField
      fullWidth
      margin="dense"
      variant={FORM_FIELD_VARIANT}
      {...props}
      onChange={(event) => onTextChange(event.target.value)}
    />
  );
}

/**
 * slotProps of a numeric input: a text input, since type=number rewrites what is
 * typed; the decimal keypad only when no minus sign is needed (it has none).
 */
export function numberInputSlots(rule: NumberRule) {
  return { htmlInput: { inputMode: rule.min >= 0 ? 'decimal' : 'text' } } as const;
}
