import { Navigate, useParams } from 'react-router-dom';
import { useGetOne, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import type { KilnLog } from '../domain/api/kilnLogs';
import { RESOURCES } from '../domain/operations';
import { Loading } from '../layout/Loading';
import { Page } from '../layout/Page';
import { listOfBurn } from './burnPaths';

/**
 * /kiln_logs/{id}: one burn, live or archived, wherever it is listed: the
 * list it is on, filtered to it by its Log id (a filter the list shows and
 * lets the user remove), so a link to a burn never lands on an empty list.
 */
export default function BurnRedirectPage() {
  const translate = useTranslate();
  const param = useParams().id ?? '';
  const id = Number(param);
  const valid = Number.isSafeInteger(id) && id > 0;
  const { data, isPending } = useGetOne<KilnLog>(RESOURCES.kilnLogs, { id }, { enabled: valid, retry: false });
  if (valid && isPending) return <Loading />;
  if (data) return <Navigate replace to={listOfBurn(data.id, data.archived_ts !== null)} />;
  return (
    <Page title="pages.kilnLogs">
      <Typography role="alert">{translate('kilnLogs.noSuchBurn', { id: param })}</Typography>
    </Page>
  );
}
