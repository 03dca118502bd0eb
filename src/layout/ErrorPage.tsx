import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

function Alerting({ message }: { message: string }) {
  const translate = useTranslate();
  return (
    <div role="alert">
      <Typography variant="h5" component="h1">
        {translate(message)}
      </Typography>
    </div>
  );
}

/** The one error page (docs/product.md#screens-and-routes): unknown routes and render failures. */
export function ErrorPage() {
  return <Alerting message="app.error" />;
}

/** A route the rules refuse (a bookmark of another role's screen) says so, rather than reading like a crash (m12). */
export function AccessDenied() {
  return <Alerting message="app.accessDenied" />;
}
