import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useTabTitle } from './useTabTitle';

export interface PageProps {
  /** message key of the heading (the page's only h1) */
  title: string;
  /** message key of the tab title's screen name; default the heading */
  tabTitle?: string;
  children?: ReactNode;
}

/** A screen with its heading, naming itself in the browser tab. */
export function Page({ title, tabTitle = title, children }: PageProps) {
  const translate = useTranslate();
  useTabTitle(tabTitle);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}
