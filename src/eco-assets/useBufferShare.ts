import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ApiDataProvider } from '../providers/apiDataProvider';
import { queryKeys } from '../providers/queryKeys';

/** the query key of the buffer share, invalidated when a super-admin sets it */

/** The buffer share in force (GET /api/eco-asset/buffer_share). */
export function useBufferShare(enabled = true) {
  const dataProvider = useDataProvider<ApiDataProvider>();
  return useQuery({ queryKey: queryKeys.getBufferShare, queryFn: () => dataProvider.getBufferShare(), enabled });
}
