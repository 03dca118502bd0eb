import { TextField, type TextFieldProps } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { NumberRule, ValidationErrorKey } from '../domain/validation';
import type { FieldMessage } from './formErrors';
import { useFormEditing } from './formEditing';

/** Errors of a rule between two fields: shown on both at once, touched or not (docs/product.md#validation-rules). */
const PAIR_ERRORS: readonly string[] = ['duplicate', 'not_ordered'] satisfies ValidationErrorKey[];

/** What binds a MUI input to one field of the surrounding react-admin form. */
export interface FieldBinding {
  name: string;
  label: string;
  value: string;
  error: boolean;
  helperText?: string;
  onBlur: () => void;
  onTextChange: (text: string) => void;
}

export interface FieldOptions {
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
  /** the rule's bounds as the field's texts write them (e.g. a kg bound to the gram), instead of the raw numbers */
  shownRule?: { min?: string; max?: string };
}

/** text stays text: the domain validators read what was typed, blank included (react-admin makes a blank null) */
export const keepText = (value: unknown) => (value == null ? '' : String(value));

/**
 * The props that tie an input to the form field at `source` (react-admin's
 * useInput), with translated label, help and error. An error shows once the
 * user has been in the field, at once for a pair rule, a saved record's values
 * or the server's reason.
 */
export function useFormField(source: string, { label, help, rule, errorTexts, maxLength, shownRule }: FieldOptions): FieldBinding {
  const translate = useTranslate();
  const editing = useFormEditing();
  const { setValue } = useFormContext();
  const { field, fieldState } = useInput({ source, parse: keepText, format: keepText });
  // react-admin carries a form-level error as {message, args}
  const error = fieldState.error?.message as FieldMessage | string | undefined;
  const message = typeof error === 'string' ? { message: error, args: { server: false } } : error;
  const shown = message !== undefined && (message.args.server || editing || fieldState.isTouched || PAIR_ERRORS.includes(message.message));
  const args = { ...(rule ?? {}), ...(maxLength === undefined ? {} : { max: maxLength }), ...shownRule };
  const helperText = shown
    ? message.args.server
      ? message.message
      : translate(errorTexts?.[message.message as ValidationErrorKey] ?? `validation.${message.message}`, args)
    : help
      ? translate(help)
      : rule
        ? translate('forms.numberRule', args)
        : maxLength !== undefined
          ? translate('validation.too_long', args)
          : undefined;
  return {
    name: source,
    label: translate(label),
    value: keepText(field.value),
    error: shown,
    helperText,
    onBlur: field.onBlur,
    // typing counts as having been in the field
    onTextChange: (text) => setValue(source, text, { shouldDirty: true, shouldTouch: true }),
  };
}

/** Outlined: the modal forms show many field errors, and outlined fields keep them easiest to read. */
export const FORM_FIELD_VARIANT = 'outlined';

type FormInputProps = FieldOptions & { source: string } & Omit<TextFieldProps, keyof FieldBinding | 'onChange'>;

/** A MUI TextField (or select, with `select` and MenuItem children) bound to a field of the react-admin form. */
export function FormInput({ source, label, help, rule, errorTexts, maxLength, ...props }: FormInputProps) {
  const { onTextChange, ...binding } = useFormField(source, { label, help, rule, errorTexts, maxLength });
  return <BoundTextField {...binding} {...props} onTextChange={onTextChange} />;
}

/** A MUI TextField showing a FieldBinding. */
export function BoundTextField({ onTextChange, ...props }: FieldBinding & Omit<TextFieldProps, keyof FieldBinding | 'onChange'>) {
  return (
    <TextField fullWidth margin="dense" variant={FORM_FIELD_VARIANT} {...props} onChange={(event) => onTextChange(event.target.value)} />
  );
}

/**
 * slotProps of a numeric input: a text input, since type=number rewrites what is
 * typed; the decimal keypad only when no minus sign is needed (it has none).
 */
export function numberInputSlots(rule: NumberRule) {
  return { htmlInput: { inputMode: rule.min >= 0 ? 'decimal' : 'text' } } as const;
}
