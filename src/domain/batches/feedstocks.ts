/**
 * What a batch's burns were made from (issue 43): one feedstock a batch, chosen
 * from this list; `other` needs a text saying what it was. The list is data so
 * the console's choices, the server's check and the next issue's per-methodology
 * defaults (VM0044 Table 4 is by feedstock) read the same ids.
 */
export const FEEDSTOCKS = ['wood', 'herbaceous', 'rice_husk_or_straw', 'nut_shells', 'manure', 'biosolids', 'other'] as const;

export type Feedstock = (typeof FEEDSTOCKS)[number];

/** The feedstock whose batch must say in feedstock_note what it was. */
export const FEEDSTOCK_WITH_NOTE: Feedstock = 'other';

export const isFeedstock = (value: unknown): value is Feedstock =>
  typeof value === 'string' && (FEEDSTOCKS as readonly string[]).includes(value);
