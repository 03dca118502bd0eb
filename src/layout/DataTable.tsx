import type { ReactNode } from 'react';
import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Loading } from './Loading';

export interface Column<T> {
  /** message key of the header */
  header: string;
  cell: (row: T) => ReactNode;
  /** for numbers */
  align?: 'right';
}

export interface DataTableProps<T> {
  /** translated name of the table, for assistive technology */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  loading: boolean;
  /** message key shown when the rows could not be loaded */
  errorText?: string;
  failed?: boolean;
  /** message key shown when there are no rows */
  emptyText: string;
}

/** A plain table for the small unpaged lists the API answers whole: loading, failed and empty states in its body. */
export function DataTable<T>({ label, columns, rows, rowKey, loading, failed, errorText, emptyText }: DataTableProps<T>) {
  const translate = useTranslate();
  const message = loading ? <Loading /> : failed && errorText ? (
    <Typography color="error">{translate(errorText)}</Typography>
  ) : !rows?.length ? (
    <Typography>{translate(emptyText)}</Typography>
  ) : null;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} align={column.align}>
                {translate(column.header)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {message ? (
            <TableRow>
              <TableCell colSpan={columns.length}>{message}</TableCell>
            </TableRow>
          ) : (
            rows?.map((row) => (
              <TableRow key={rowKey(row)} hover>
                {columns.map((column) => (
                  <TableCell key={column.header} align={column.align}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
