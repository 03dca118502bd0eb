/**
 * The errors of a react-admin form, from the shared domain validator (keyed by
 * field path) and the server's reasons from its last 400, in the nested shape
 * react-hook-form reads.
 */

/** per field path: a domain error key (`required`, …) or a message key */
export type FormFieldErrors = Partial<Record<string, string>>;
/** the server's reason per field path, from a 400's `errors` */
export type ServerReasons = Partial<Record<string, string>>;

/**
 * An input's error as react-admin carries it (`{message, args}`): a domain
 * error key to translate, or the server's own sentence, shown as it is.
 */
export interface FieldMessage {
  message: string;
  args: { server: boolean };
}

/** The value at a dotted path of nested form values. */
export function valueAt(values: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined),
      values,
    );
}

function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = value;
}

/**
 * The form-level errors: each domain error, and each server reason for a field
 * of this form that still holds the value the server judged (edited, the
 * reason goes). A reason for a path the form does not have stays in the
 * notification only.
 */
export function formErrors(
  values: object,
  domain: FormFieldErrors,
  reasons: ServerReasons | undefined,
  sent: object | null,
): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const [path, reason] of Object.entries(reasons ?? {})) {
    const value = valueAt(values, path);
    if (reason !== undefined && value !== undefined && sent !== null && value === valueAt(sent, path)) {
      setAt(errors, path, { message: reason, args: { server: true } } satisfies FieldMessage);
    }
  }
  for (const [path, key] of Object.entries(domain)) {
    if (key !== undefined && valueAt(errors, path) === undefined)
      setAt(errors, path, { message: key, args: { server: false } } satisfies FieldMessage);
  }
  return errors;
}

/** Form values keyed by field path, nested as react-hook-form holds them (`config.cgo1.wicf`). */
export function nestValues(flat: Readonly<Record<string, string>>): Record<string, unknown> {
  const nested: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(flat)) setAt(nested, path, value);
  return nested;
}

/** The nested form values as text per field path, the shape the domain form helpers read. */
export function flatValues<F extends string>(values: object, fields: readonly F[]): Record<F, string> {
  const flat = {} as Record<F, string>;
  for (const field of fields) {
    const value = valueAt(values, field);
    flat[field] = value == null ? '' : String(value);
  }
  return flat;
}
