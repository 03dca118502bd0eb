import { TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';

/** One column's heading: a message key; a figure's column is right-aligned like its cells. */
export interface TableHeading {
  label: string;
  figure?: boolean;
}

/** The header row of a plain MUI table (summaries, trails, a facility's audits): each column's heading, translated. */
export function TableHeadings({ columns }: { columns: readonly TableHeading[] }) {
  const translate = useTranslate();
  return (
    <TableHead>
      <TableRow>
        {columns.map(({ label, figure = false }) => (
          <TableCell key={label} align={figure ? 'right' : undefined}>
            {translate(label)}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}
