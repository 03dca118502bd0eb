import { Box, Typography } from '@mui/material';
import { Datagrid, FunctionField, List, SimpleList, TopToolbar, useTranslate, type Identifier } from 'react-admin';
import type { RecentChange } from '../domain/api/admin';
import { formatDate } from '../domain/dates';
import { RESOURCES } from '../domain/operations';
import { ListEmpty, ListError, ListPager } from '../layout/ListStates';
import { NewButton } from '../layout/NewButton';
import { RowLink } from '../layout/RowLink';
import { useSmallScreen } from '../layout/useSmallScreen';

export const ADMIN_PATH = '/admin';
export const changePath = (id: Identifier | 'create') => `${ADMIN_PATH}/changes/${id}`;

/** The Recent Changes entries Home shows (simple REST at /api/admin/changes), newest first; a row opens its editor. */
export function ChangeList() {
  const translate = useTranslate();
  const small = useSmallScreen();
  const open = (id: Identifier) => changePath(id);
  return (
    <Box component="section" aria-labelledby="changes-heading">
      <Typography id="changes-heading" variant="h5" component="h2">
        {translate('admin.changes')}
      </Typography>
      <List<RecentChange>
        resource={RESOURCES.changes}
        title={false}
        disableSyncWithLocation
        sort={{ field: 'date', order: 'DESC' }}
        perPage={10}
        exporter={false}
        actions={
          <TopToolbar>
            <NewButton label="admin.newChange" to={changePath('create')} />
          </TopToolbar>
        }
        empty={false}
        error={<ListError message="admin.changesError" />}
        pagination={<ListPager />}
      >
        {small ? (
          <SimpleList<RecentChange>
            primaryText={(c) => c.title}
            secondaryText={(c) => formatDate(c.date)}
            rowClick={open}
            empty={<ListEmpty message="admin.changesEmpty" />}
          />
        ) : (
          <Datagrid rowClick={open} bulkActionButtons={false} empty={<ListEmpty message="admin.changesEmpty" />}>
            <FunctionField<RecentChange> source="date" label="admin.date" render={(c) => formatDate(c.date)} />
            <FunctionField<RecentChange>
              source="title"
              label="admin.title"
              render={(c) => <RowLink to={changePath(c.id)}>{c.title}</RowLink>}
            />
          </Datagrid>
        )}
      </List>
    </Box>
  );
}
