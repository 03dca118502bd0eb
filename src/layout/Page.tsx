import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A screen with its heading (the page's only h1). */
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h4" component="h1">
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}
