import { useGetList } from 'react-admin';
import type { FacilityDropdownItem, Kiln, KilnRegistryResponse } from '../domain/api/configure';
import { RESOURCES } from '../domain/operations';
import { EVERY_ROW } from '../providers/listedInBrowser';

/**
 * Every kiln with the facilities a kiln may be put in (the registry answer's
 * `facilities`, carried as the list's meta): the Kiln modal's choices and
 * uniqueness check, and the kiln log filters' choices.
 */
export function useKilnRegistry(options: { staleTime?: number } = {}) {
  const { data, meta, isPending, error } = useGetList<Kiln>(RESOURCES.kilns, { pagination: EVERY_ROW }, options);
  const facilities = (meta as { facilities?: FacilityDropdownItem[] } | undefined)?.facilities;
  const registry: KilnRegistryResponse | undefined = data && facilities ? { kilns: data, facilities } : undefined;
  return { registry, isPending, error };
}
