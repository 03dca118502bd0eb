import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useTabTitle } from './useTabTitle';

export interface PageProps {
  /** message key of the heading (the page's only h1) */
  title: string;
  /** message key of the tab title's screen name; default the heading */
  tabTitle?: string;
  /** a screen whose feature is not built yet says so in a sentence */
  notBuilt?: boolean;
  children?: ReactNode;
}

/** A screen with its heading, naming itself in the browser tab. */
export function Page({ title, tabTitle = title, notBuilt = false, children }: PageProps) {
  const translate = useTranslate();
  useTabTitle(tabTitle);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        {translate(title)}
      </Typography>
      {notBuilt && <Typography>{translate('pages.notBuilt')}</Typography>}
      {children}
    </Box>
  );
}
