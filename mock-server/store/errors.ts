/** A refusal's reasons by field path (`kiln_id`, `config.cgo1.per_g_weight`). */
export type FieldReasons = Record<string, string>;

/** Why the store refused: the HTTP status of each kind is chosen in http/errors.ts only. */
export type RefusalKind = 'invalid' | 'missing' | 'conflict';

/** A write or read the store refuses, with a message safe to show to the user. */
export class StoreRefusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** the fields at fault, each with its reason */
    readonly errors?: FieldReasons,
  ) {
    super(message);
    this.name = 'StoreRefusal';
  }
}

export const invalid = (message: string, errors?: FieldReasons) => new StoreRefusal('invalid', message, errors);
export const missing = (message = 'Not found.') => new StoreRefusal('missing', message);
export const conflict = (message: string, errors?: FieldReasons) => new StoreRefusal('conflict', message, errors);
