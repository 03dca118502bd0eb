import type { ChangeFields, ChangeRecord } from '../model';

export interface ChangeStore {
  /** newest first (date, then id) */
  list(): Promise<ChangeRecord[]>;
  get(id: number): Promise<ChangeRecord | null>;
  create(fields: ChangeFields): Promise<ChangeRecord>;
  update(id: number, patch: Partial<ChangeFields>): Promise<ChangeRecord | null>;
  delete(id: number): Promise<boolean>;
}
