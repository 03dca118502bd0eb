import type { Batch, EndUse } from '../domain/api/batches';
import type { Facility } from '../domain/api/configure';
import { toKg } from '../domain/carbon';
import { formatDateTime } from '../domain/dates';
import { kilnTypeInfo } from '../domain/kilnTypes';

type Translate = (key: string, args?: Record<string, unknown>) => string;

/** The facility a batch is of, by its mnemonic where the facilities are read, else its id. */
export const facilityName = (facilities: ReadonlyMap<number, Facility> | undefined, id: number): string =>
  facilities?.get(id)?.mnemonic ?? `#${id}`;

export const kilnTypeName = (type: number): string => kilnTypeInfo(type).label;

/** The feedstock, with what an `other` one was. */
export const feedstockName = (batch: Pick<Batch, 'feedstock' | 'feedstock_note'>, translate: Translate): string =>
  `${translate(`batches.feedstocks.${batch.feedstock}`)}${batch.feedstock_note ? ` (${batch.feedstock_note})` : ''}`;

/** first–last log time of the batch's burns, with the console's one date formatter. */
export const periodText = (batch: Pick<Batch, 'first_logts' | 'last_logts'>, translate: Translate): string =>
  translate('batches.period', { first: formatDateTime(batch.first_logts), last: formatDateTime(batch.last_logts) });

/** Exact kg of whole grams; null stays null. */
export const kgOf = (grams: number | null): number | null => (grams === null ? null : toKg(grams));

/** The grams of end uses a batch has recorded. */
export const endUseGrams = (endUses: readonly Pick<EndUse, 'dry_g'>[]): number => endUses.reduce((sum, e) => sum + e.dry_g, 0);
