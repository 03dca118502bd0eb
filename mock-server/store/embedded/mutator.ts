import type { Collection, EmbeddedShape } from './state';

/** The undo steps of one transaction, replayed in reverse when it fails. */
export class Journal {
  private readonly undo: (() => void)[] = [];

  get dirty(): boolean {
    return this.undo.length > 0;
  }

  record(step: () => void): void {
    this.undo.push(step);
  }

  rollback(): void {
    for (let i = this.undo.length - 1; i >= 0; i--) this.undo[i]();
    this.undo.length = 0;
  }
}

/** Changes to the state that each leave their undo step in the journal. */
export class Mutator {
  constructor(
    private readonly state: EmbeddedShape,
    private readonly journal: Journal,
    private readonly ids: IdCounter,
  ) {}

  nextId(collection: Collection): number {
    return this.ids.next(collection);
  }

  /** Takes over the steps of an operation that succeeded inside this transaction. */
  adopt(journal: Journal): void {
    if (journal.dirty) this.journal.record(() => journal.rollback());
  }

  insert<C extends Collection>(collection: C, row: EmbeddedShape[C][number]): void {
    const rows = this.state[collection] as unknown[];
    rows.push(row);
    this.ids.saw(collection, (row as { id?: number }).id);
    this.journal.record(() => {
      const i = rows.lastIndexOf(row);
      if (i >= 0) rows.splice(i, 1);
    });
  }

  patch<T extends object>(row: T, fields: Partial<T>): void {
    const before: Partial<T> = {};
    for (const key of Object.keys(fields) as (keyof T)[]) before[key] = row[key];
    Object.assign(row, fields);
    this.journal.record(() => Object.assign(row, before));
  }

  /** Removes the rows matching `drop` and answers them. */
  remove<C extends Collection>(collection: C, drop: (row: EmbeddedShape[C][number]) => boolean): EmbeddedShape[C][number][] {
    const rows = this.state[collection] as EmbeddedShape[C][number][];
    const kept = rows.filter((r) => !drop(r));
    if (kept.length === rows.length) return [];
    const removed = rows.filter(drop);
    const before = [...rows];
    rows.splice(0, rows.length, ...kept);
    this.journal.record(() => rows.splice(0, rows.length, ...before));
    return removed;
  }
}

/** Highest id per collection, found once and then kept, so a new id costs nothing at 100,000 rows. */
export class IdCounter {
  private readonly max = new Map<Collection, number>();

  constructor(private readonly state: EmbeddedShape) {}

  next(collection: Collection): number {
    const n = this.current(collection) + 1;
    this.max.set(collection, n);
    return n;
  }

  saw(collection: Collection, id: number | undefined): void {
    if (typeof id === 'number' && id > this.current(collection)) this.max.set(collection, id);
  }

  private current(collection: Collection): number {
    let n = this.max.get(collection);
    if (n === undefined) {
      n = (this.state[collection] as { id?: number }[]).reduce((m, r) => Math.max(m, r.id ?? 0), 0);
      this.max.set(collection, n);
    }
    return n;
  }
}
