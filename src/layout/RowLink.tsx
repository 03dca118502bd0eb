import type { ReactNode } from 'react';
import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/**
 * A row's main text as a link to the row's page: a Datagrid's row click
 * cannot be reached with the keyboard, a link can.
 */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} onClick={(event) => event.stopPropagation()} underline="hover">
      {children}
    </Link>
  );
}
