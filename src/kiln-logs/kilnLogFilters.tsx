import { useFormContext, useWatch } from 'react-hook-form';
import { NullableBooleanInput, NumberInput, SearchInput, SelectInput } from 'react-admin';
import type { KilnRegistryResponse } from '../domain/api/configure';
import type { KilnLogStatus } from '../domain/api/kilnLogs';
import { KNOWN_KILN_TYPES } from '../domain/kilnTypes';
import { useKilnRegistry } from '../kilns/useKilnRegistry';
import { DateFilterInput } from './DateFilterInput';
import { FACILITY_DROPDOWN_WIDTH } from '../facilities/FacilityDropdown';
import { facilityOptionLabel } from '../facilities/facilityOptionLabel';

const KILN_TYPE_CHOICES = KNOWN_KILN_TYPES.map((t) => ({ id: t.code, name: t.label }));

const STATUS_CHOICES: { id: KilnLogStatus; name: string }[] = [
  { id: 'valid', name: 'kilnLogs.filters.valid' },
  { id: 'invalid', name: 'kilnLogs.filters.invalid' },
  { id: 'error', name: 'kilnLogs.filters.error' },
];

// choices change only when kilns or facilities are saved, which refetches the registry
const CHOICES_STALE_MS = 5 * 60 * 1000;

/** The facilities and kilns to choose from: the Kiln Registry's list, shared with that screen's cache. */
function useFilterChoices() {
  const { registry, isPending } = useKilnRegistry({ staleTime: CHOICES_STALE_MS });
  return { data: registry, isPending };
}

type FilterChoices = KilnRegistryResponse;

interface ChoicesInputProps {
  source: string;
  label: string;
  alwaysOn?: boolean;
  choices: FilterChoices | undefined;
  isPending: boolean;
}

/** A filter value that chooses nothing; a chosen id may be a string (from the URL). */
const isUnset = (value: unknown) => value == null || value === '';

/** The kilns of the chosen facility, or of all facilities when none is chosen. */
function kilnsOf(choices: FilterChoices | undefined, facilityId: unknown) {
  return (choices?.kilns ?? []).filter((k) => isUnset(facilityId) || k.facility_id === Number(facilityId));
}

/**
 * Choosing another facility clears a kiln filter of a different facility:
 * together they would match no log.
 */
function FacilityFilterInput({ choices, ...props }: ChoicesInputProps) {
  const { getValues, setValue } = useFormContext();
  const options = (choices?.facilities ?? []).map((f) => ({ id: f.id, name: facilityOptionLabel(f) }));
  const clearForeignKiln = () => {
    const kiln: unknown = getValues('kiln');
    if (isUnset(kiln) || !choices) return;
    if (!kilnsOf(choices, getValues('facility_id')).some((k) => k.id === Number(kiln))) setValue('kiln', '');
  };
  return (
    <SelectInput
      {...props}
      choices={options}
      translateChoice={false}
      onChange={clearForeignKiln}
      sx={{ width: FACILITY_DROPDOWN_WIDTH, maxWidth: '100%' }}
    />
  );
}

/** Kilns of the facility chosen in the form, or of all facilities when none is chosen. */
function KilnFilterInput({ choices, ...props }: ChoicesInputProps) {
  const facilityId: unknown = useWatch({ name: 'facility_id' });
  const options = kilnsOf(choices, facilityId).map((k) => ({ id: k.id, name: `${k.kiln_id} (${k.facility_mnemonic})` }));
  return <SelectInput {...props} choices={options} translateChoice={false} sx={{ minWidth: 180 }} />;
}

/**
 * The filters of both kiln log lists, named as the API's filter keys
 * (docs/product.md#calls-beyond-the-specification): search, facility, kiln, kiln type, log date range, status, and
 * audited where asked for (the archived list has no audited logs to find:
 * an audited burn cannot be archived).
 */
export function useKilnLogFilters({ audited }: { audited: boolean }) {
  const { data, isPending } = useFilterChoices();
  const choices = { choices: data, isPending };
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <FacilityFilterInput key="facility_id" source="facility_id" label="kilnLogs.filters.facility" alwaysOn {...choices} />,
    <KilnFilterInput key="kiln" source="kiln" label="kilnLogs.filters.kiln" alwaysOn {...choices} />,
    <SelectInput key="type" source="type" label="kilnLogs.filters.type" choices={KILN_TYPE_CHOICES} translateChoice={false} alwaysOn />,
    <DateFilterInput key="from" source="from" label="kilnLogs.filters.from" alwaysOn />,
    <DateFilterInput key="to" source="to" label="kilnLogs.filters.to" alwaysOn />,
    <SelectInput key="status" source="status" label="kilnLogs.filters.status" choices={STATUS_CHOICES} alwaysOn />,
    ...(audited ? [<NullableBooleanInput key="audited" source="audited" label="kilnLogs.filters.audited" alwaysOn />] : []),
    // not always on: a link that opens one burn ("Open burn N") shows it as a filter the user can remove
    <NumberInput key="id" source="id" label="kilnLogs.filters.id" min={1} />,
  ];
}
