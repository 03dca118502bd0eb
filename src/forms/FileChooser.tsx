import { useId, useRef } from 'react';
import { Box, Button, FormHelperText, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';

const visuallyHidden = {
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  height: 1,
  overflow: 'hidden',
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;

export interface FileChooserProps {
  /** message key of the button, which labels the file input */
  label: string;
  /** the input's accept attribute */
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** message key of a hint below */
  hint?: string;
  /** values the hint's text takes (e.g. the size limit) */
  hintArgs?: Record<string, unknown>;
  /** translated error, shown instead of the hint */
  error?: string;
  disabled?: boolean;
}

/**
 * Choose exactly one file (no `multiple`): a button that opens a hidden file
 * input (a real button, so Enter and Space work), and the chosen file's name.
 */
export function FileChooser({ label, accept, file, onChange, hint, hintArgs, error, disabled }: FileChooserProps) {
  const translate = useTranslate();
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={disabled}
          aria-describedby={helpId}
          aria-invalid={error ? true : undefined}
          onClick={() => input.current?.click()}
        >
          {translate(label)}
        </Button>
        <input
          ref={input}
          type="file"
          accept={accept}
          aria-label={translate(label)}
          aria-hidden
          tabIndex={-1}
          style={visuallyHidden}
          disabled={disabled}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
          {file ? file.name : translate('forms.noFileChosen')}
        </Typography>
      </Box>
      <FormHelperText id={helpId} error={!!error}>
        {error ?? (hint ? translate(hint, hintArgs) : undefined)}
      </FormHelperText>
    </Box>
  );
}

const QUIET_ERRORS = ['required', 'pending'];

export interface FileInputProps extends Omit<FileChooserProps, 'file' | 'onChange' | 'error'> {
  source: string;
  /** values the error's text takes */
  errorArgs?: Record<string, unknown>;
}

/**
 * A FileChooser bound to a field of the surrounding react-admin form; the
 * field's error is a message key. 'required' (nothing chosen yet) and
 * 'pending' (the file is still being read) say nothing: the chosen name does.
 */
export function FileInput({ source, errorArgs, ...props }: FileInputProps) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const { field, fieldState } = useInput({ source, format: (value: unknown) => value ?? null, parse: (value: unknown) => value });
  const error = (fieldState.error?.message as { message?: string } | string | undefined) ?? undefined;
  const key = typeof error === 'string' ? error : error?.message;
  return (
    <FileChooser
      {...props}
      file={field.value instanceof File ? field.value : null}
      onChange={(file) => setValue(source, file, { shouldDirty: true, shouldTouch: true })}
      error={key && !QUIET_ERRORS.includes(key) ? translate(key, errorArgs) : undefined}
    />
  );
}
