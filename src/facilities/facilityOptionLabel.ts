import type { FacilityDropdownItem } from '../domain/api/configure';

/** How a facility reads in a picker: "mnemonic – name" (the mnemonic alone when there is no name). */
export const facilityOptionLabel = ({ mnemonic, name }: Pick<FacilityDropdownItem, 'mnemonic' | 'name'>): string =>
  name ? `${mnemonic} – ${name}` : mnemonic;
