import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The fallback while a page loads (docs/product.md#screens-and-routes: 'Loading...'). */
export function Loading() {
  const translate = useTranslate();
  return (
    <Typography role="status" sx={{ p: 2 }}>
      {translate('app.loading')}
    </Typography>
  );
}

/**
 * 'Loading...' holding the window's height, for what usually fills it (a page whose code is still on its
 * way, Home's entries): the footer stays below the fold meanwhile instead of jumping down as it arrives.
 */
export function TallLoading() {
  return (
    <Box sx={{ minHeight: '100vh' }}>
      <Loading />
    </Box>
  );
}
