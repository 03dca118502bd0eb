import { useCallback, useLayoutEffect, useRef } from 'react';
import { DatagridBody, PureDatagridRow, type DatagridBodyProps } from 'react-admin';

type ToggleItem = NonNullable<DatagridBodyProps['onToggleItem']>;

/**
 * A Datagrid body whose rows render again only when their own record, selection
 * or selectability changes. react-admin's Datagrid hands the body a new
 * onToggleItem whenever the selection changes (ra-ui-materialui
 * list/datagrid/Datagrid.tsx, handleToggleItem), so ticking one box drew every
 * row again; here the rows get one lasting function that calls the latest.
 */
export function SelectionStableBody({ onToggleItem, ...props }: DatagridBodyProps) {
  const latest = useRef<ToggleItem | undefined>(onToggleItem);
  useLayoutEffect(() => {
    latest.current = onToggleItem;
  });
  const stable = useCallback<ToggleItem>((id, event) => latest.current?.(id, event), []);
  return <DatagridBody {...props} row={<PureDatagridRow />} onToggleItem={onToggleItem ? stable : undefined} />;
}

// Material UI's Table takes it for the table body it replaces (as react-admin marks DatagridBody)
SelectionStableBody.muiName = 'TableBody';
