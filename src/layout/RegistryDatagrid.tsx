import type { ReactNode } from 'react';
import { Datagrid, useTranslate } from 'react-admin';
import { ListEmpty } from './ListStates';

/**
 * A registry's table (Facilities, Kiln Registry), whose rows are edited in
 * modals: no row click nor bulk actions, named for its page (`label`, a
 * message key), saying `empty` (a message key) when there are no records.
 */
export function RegistryDatagrid({ label, empty, children }: { label: string; empty: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Datagrid rowClick={false} bulkActionButtons={false} empty={<ListEmpty message={empty} />} aria-label={translate(label)}>
      {children}
    </Datagrid>
  );
}
