import type { ReactNode } from 'react';
import { AppBar, Box, Toolbar, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AppFooter, CookieBanner } from './AppFooter';

/** Header (title and, when logged in, the menu), main content and footer: the landmarks of every screen; then the cookie banner until accepted. */
export function AppShell({ menu, children }: { menu?: ReactNode; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="static" component="header">
        <Toolbar sx={{ gap: 3, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="div">
            {translate('app.title')}
          </Typography>
          {menu}
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flex: 1, p: { xs: 2, md: 3 } }}>
        {children}
      </Box>
      <AppFooter />
      <CookieBanner />
    </Box>
  );
}
