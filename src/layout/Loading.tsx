import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The fallback while a page loads (spec §2: 'Loading...'). */
export function Loading() {
  const translate = useTranslate();
  return (
    <Typography role="status" sx={{ p: 2 }}>
      {translate('app.loading')}
    </Typography>
  );
}
