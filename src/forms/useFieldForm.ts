import { useCallback, useMemo, useState } from 'react';
import { hasErrors, type FieldErrors, type ValidationErrorKey } from '../domain/validation';

/** Errors of a rule between two fields: shown on both at once, touched or not (spec §5). */
const PAIR_ERRORS: readonly ValidationErrorKey[] = ['duplicate', 'not_ordered'];

/** A form of text inputs keyed by the validator's field paths, so each error lands on its input. */
export interface FieldForm<F extends string> {
  values: Readonly<Record<F, string>>;
  errors: FieldErrors<F>;
  /** every field valid: the OK button's condition */
  valid: boolean;
  set: (field: F, value: string) => void;
  touch: (field: F) => void;
  /** The error a field shows: once the user has been in it, or at once for a pair rule. */
  shownError: (field: F) => ValidationErrorKey | undefined;
  /** a value differs from the one the form opened with: closing would lose it */
  dirty: boolean;
  /** the server's reasons from its last 400, by field path; a field's reason goes when it is edited */
  serverErrors: Partial<Record<F, string>>;
  setServerErrors: (errors: Partial<Record<string, string>>) => void;
}

/**
 * `editing`: the values are a saved record's, so any error in them shows at
 * once; a new record's fields wait until the user has been in them.
 */
export function useFieldForm<F extends string>(
  initial: Record<F, string>,
  validate: (values: Record<F, string>) => FieldErrors<F>,
  editing = false,
): FieldForm<F> {
  const [initialValues] = useState(initial);
  const [values, setValues] = useState(initial);
  const [serverErrors, setServerErrorsState] = useState<Partial<Record<F, string>>>({});
  const [touched, setTouched] = useState<ReadonlySet<F>>(() => new Set(editing ? (Object.keys(initial) as F[]) : []));
  const errors = useMemo(() => validate(values), [validate, values]);

  const touch = useCallback((field: F) => setTouched((prev) => (prev.has(field) ? prev : new Set(prev).add(field))), []);
  const set = useCallback(
    (field: F, value: string) => {
      setValues((prev) => ({ ...prev, [field]: value }));
      setServerErrorsState((prev) => (field in prev ? { ...prev, [field]: undefined } : prev));
      touch(field);
    },
    [touch],
  );
  const shownError = useCallback(
    (field: F) => {
      const error = errors[field];
      return error && (touched.has(field) || PAIR_ERRORS.includes(error)) ? error : undefined;
    },
    [errors, touched],
  );

  const dirty = useMemo(() => (Object.keys(values) as F[]).some((field) => values[field] !== initialValues[field]), [values, initialValues]);
  // only the form's own fields: a reason for another path stays in the notification
  const setServerErrors = useCallback(
    (reasons: Partial<Record<string, string>>) =>
      setServerErrorsState(
        Object.fromEntries(Object.entries(reasons).filter(([field]) => field in initialValues)) as Partial<Record<F, string>>,
      ),
    [initialValues],
  );

  return { values, errors, valid: !hasErrors(errors), set, touch, shownError, dirty, serverErrors, setServerErrors };
}
