import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { welcomeMessageKey } from '../domain/welcome';
import { Page } from '../layout/Page';
import { useSession } from '../providers/useSession';
import { RecentChanges } from './RecentChanges';

/** Home (docs/product.md#home-screen): the heading Kiln Console, the role's sentence, then Recent Changes. */
export default function HomePage() {
  const translate = useTranslate();
  const welcome = welcomeMessageKey(useSession()?.role);
  return (
    <Page title="app.title" tabTitle="menu.home">
      {welcome && <Typography>{translate(welcome)}</Typography>}
      <RecentChanges />
    </Page>
  );
}
