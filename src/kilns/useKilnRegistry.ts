import { useGetList } from 'react-admin';
import type { FacilityDropdownItem, Kiln, KilnRegistryResponse } from '../domain/api/configure';
import { RESOURCES } from '../domain/operations';
import { ALL_ROWS, EVERY_ROW } from '../providers/listedInBrowser';

/**
 * Every kiln with the facilities a kiln may be put in, from the meta of any
 * getList of kilns (the registry answer's `facilities` and every row): the
 * Kiln modal's choices and uniqueness check.
 */
export function kilnRegistryOf(meta: unknown): KilnRegistryResponse | undefined {
  const { facilities, [ALL_ROWS]: kilns } = (meta ?? {}) as { facilities?: FacilityDropdownItem[]; [ALL_ROWS]?: Kiln[] };
  return kilns && facilities ? { kilns, facilities } : undefined;
}

/** The kiln registry on a screen without the kilns list (the kiln log filters' choices). */
export function useKilnRegistry(options: { staleTime?: number } = {}) {
  const { meta, isPending, error } = useGetList<Kiln>(RESOURCES.kilns, { pagination: EVERY_ROW }, options);
  return { registry: kilnRegistryOf(meta), isPending, error };
}
