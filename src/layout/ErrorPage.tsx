import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The one error page (spec §2): unknown routes, refused routes and render failures. */
export function ErrorPage() {
  const translate = useTranslate();
  return (
    <div role="alert">
      <Typography variant="h5" component="h1">
        {translate('app.error')}
      </Typography>
    </div>
  );
}
