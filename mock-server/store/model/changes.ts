export interface ChangeRecord {
  id: number;
  date: string;
  title: string;
  /** sanitised HTML */
  body: string;
}

/** Recent Changes entry without its id, for create and update. */
export type ChangeFields = Omit<ChangeRecord, 'id'>;
