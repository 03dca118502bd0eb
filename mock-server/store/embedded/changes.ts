import type { ChangeStore } from '../parts/changes';
import { byText, copy, insertNew, patchById, type Access } from './access';

export function embeddedChanges(a: Access): ChangeStore {
  return {
    list: () => a.read((s) => copy([...s.changes].sort((x, y) => byText(y.date, x.date) || y.id - x.id))),
    get: (id) => a.read((s) => copy(s.changes.find((c) => c.id === id) ?? null)),
    create: (fields) => a.write((_s, m) => insertNew(m, 'changes', fields)),
    update: (id, patch) => a.write((s, m) => patchById(s, m, 'changes', id, patch)),
    delete: (id) => a.write((_s, m) => m.remove('changes', (c) => c.id === id).length > 0),
  };
}
