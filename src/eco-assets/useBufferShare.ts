import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ApiDataProvider } from '../providers/apiDataProvider';

/** the query key of the buffer share, invalidated when a super-admin sets it */
export const BUFFER_SHARE_KEY = ['eco_assets', 'buffer_share'] as const;

/** The buffer share in force (GET /api/eco-asset/buffer_share). */
export function useBufferShare(enabled = true) {
  const dataProvider = useDataProvider<ApiDataProvider>();
  return useQuery({ queryKey: BUFFER_SHARE_KEY, queryFn: () => dataProvider.getBufferShare(), enabled });
}
