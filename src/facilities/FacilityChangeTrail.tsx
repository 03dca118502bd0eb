import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { FacilityChange } from '../domain/api/configure';
import { ChangeTrail } from '../layout/ChangeTrail';
import { facilityChangeText } from './facilityChangeText';

/** A facility's trail (or the part of it about a kiln's keys), with the screen's own failure and empty texts. */
export function FacilityChangeTrail({
  changes,
  error,
  empty,
}: {
  changes: UseQueryResult<FacilityChange[]>;
  error: string;
  empty: string;
}) {
  const translate = useTranslate();
  return (
    <ChangeTrail
      changes={changes}
      describe={(change) => facilityChangeText(change, translate)}
      messages={{ when: 'facilities.when', by: 'facilities.by', what: 'facilities.what', error, empty }}
    />
  );
}
