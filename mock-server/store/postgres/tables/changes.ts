import type { Id } from './columns';

export interface ChangesTable {
  id: Id;
  date: string;
  title: string;
  body: string;
}
