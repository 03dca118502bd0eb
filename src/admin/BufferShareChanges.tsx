import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { BufferShareChange } from '../domain/api/ecoAssets';
import { ChangeTrail } from '../layout/ChangeTrail';
import type { ApiDataProvider } from '../providers/apiDataProvider';
import { queryKeys } from '../providers/queryKeys';

/** the query key of the buffer share's trail, invalidated when a super-admin sets the share */

/** A share set, with the share it replaced (0 % before the first). */
export type BufferShareStep = BufferShareChange & { from_percent: number };

/** Each change of a newest-first trail with the share before it: the next older entry's, or 0 % for the oldest. */
export const withShareBefore = (changes: readonly BufferShareChange[]): BufferShareStep[] =>
  changes.map((change, i) => ({ ...change, from_percent: changes[i + 1]?.buffer_percent ?? 0 }));

/** Who set a share: the user, the demo data for none, or the id of a user who is gone. */
export function setterName(
  change: Pick<BufferShareChange, 'actor_id' | 'actor_username'>,
  translate: (key: string, options?: object) => string,
): string {
  if (change.actor_username !== null) return change.actor_username;
  return change.actor_id === null ? translate('ecoAssets.buffer.seed') : translate('ecoAssets.buffer.goneUser', { id: change.actor_id });
}

/** Every buffer share a super-admin set (who, what, when), newest first, as the server recorded them. */
export function BufferShareChanges() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const changes = useQuery({
    queryKey: queryKeys.listBufferShareChanges,
    queryFn: () => dataProvider.listBufferShareChanges(),
    select: (rows: BufferShareChange[]) => withShareBefore(rows).map((row) => ({ ...row, actor_username: setterName(row, translate) })),
  });
  return (
    <Box component="section" aria-labelledby="buffer-share-changes-heading" sx={{ mt: 2 }}>
      <Typography id="buffer-share-changes-heading" variant="subtitle1" component="h3" gutterBottom>
        {translate('ecoAssets.buffer.historyHeading')}
      </Typography>
      <ChangeTrail
        changes={changes}
        describe={(change) => translate('ecoAssets.buffer.change', { from: change.from_percent, to: change.buffer_percent })}
        messages={{
          when: 'ecoAssets.buffer.when',
          by: 'ecoAssets.buffer.by',
          what: 'ecoAssets.buffer.what',
          error: 'ecoAssets.buffer.historyError',
          empty: 'ecoAssets.buffer.historyEmpty',
        }}
      />
    </Box>
  );
}
