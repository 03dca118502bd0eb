import type { ChangeStore } from '../parts/changes';
import { byText, copy, type Access } from './access';

export function embeddedChanges(a: Access): ChangeStore {
  return {
    list: () => a.read((s) => copy([...s.changes].sort((x, y) => byText(y.date, x.date) || y.id - x.id))),
    get: (id) => a.read((s) => copy(s.changes.find((c) => c.id === id) ?? null)),
    create: (fields) =>
      a.write((_s, m) => {
        const row = { ...copy(fields), id: m.nextId('changes') };
        m.insert('changes', row);
        return copy(row);
      }),
    update: (id, patch) =>
      a.write((s, m) => {
        const row = s.changes.find((c) => c.id === id);
        if (!row) return null;
        m.patch(row, copy(patch));
        return copy(row);
      }),
    delete: (id) => a.write((_s, m) => m.remove('changes', (c) => c.id === id).length > 0),
  };
}
