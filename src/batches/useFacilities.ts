import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import type { Facility } from '../domain/api/configure';
import { RESOURCES } from '../domain/operations';

const EVERY_FACILITY = { pagination: { page: 1, perPage: 10_000 }, sort: { field: 'mnemonic', order: 'ASC' as const } };

/** The facilities the user may read, by id: a batch names its facility by id. */
export function useFacilities() {
  const { data, isPending, error, refetch } = useGetList<Facility>(RESOURCES.facilities, EVERY_FACILITY);
  const byId = useMemo(() => (data ? new Map(data.map((f) => [f.id, f])) : undefined), [data]);
  return { facilities: data, byId, isPending, error, refetch };
}
