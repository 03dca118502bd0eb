/**
 * A facility's batch and methodology settings (issues 43 and 44): the longest
 * span of log times one production batch may have, VM0044's four high-tech
 * conditions and whether its production temperature is monitored. They decide
 * what its batches are credited with, so they are a super-admin's to set
 * (docs/roles.md#numbers-that-credit-a-facility), each change recorded.
 */
import { DEFAULT_BATCH_PERIOD_DAYS } from './batches/batchRules';
import type { NumberRule } from './validation';

/** The conditions of the VM0044 rulebook's high_tech_conditions table, all required for high-tech. */
export const VM0044_HIGH_TECH_CONDITIONS = [
  'gases_recovered_or_combusted',
  'heat_used',
  'pollution_control',
  'temperature_measured',
] as const;
export type HighTechCondition = (typeof VM0044_HIGH_TECH_CONDITIONS)[number];
export type HighTechConditions = Record<HighTechCondition, boolean>;

/** Whole days, up to ten years (the store's check). */
export const BATCH_PERIOD_DAYS_RULE: NumberRule = { min: 1, max: 3660, decimals: 0 };

export interface FacilitySettings {
  batch_period_days: number;
  vm0044_high_tech_conditions: HighTechConditions;
  temperature_monitored: boolean;
}

export const FACILITY_SETTING_FIELDS = ['batch_period_days', 'vm0044_high_tech_conditions', 'temperature_monitored'] as const;
export type FacilitySettingField = (typeof FACILITY_SETTING_FIELDS)[number];

const conditionsOf = (value: boolean) => Object.fromEntries(VM0044_HIGH_TECH_CONDITIONS.map((c) => [c, value])) as HighTechConditions;

/** A facility's settings until a super-admin sets others: the default period, low-tech, unmonitored (the methodologies' most cautious class). */
export const DEFAULT_FACILITY_SETTINGS: FacilitySettings = {
  batch_period_days: DEFAULT_BATCH_PERIOD_DAYS,
  vm0044_high_tech_conditions: conditionsOf(false),
  temperature_monitored: false,
};

/** The settings a record holds, the defaults for those it lacks (records of older stores). */
export function facilitySettingsOf(record: Partial<FacilitySettings>): FacilitySettings {
  const conditions = record.vm0044_high_tech_conditions;
  return {
    batch_period_days: record.batch_period_days ?? DEFAULT_FACILITY_SETTINGS.batch_period_days,
    vm0044_high_tech_conditions: Object.fromEntries(
      VM0044_HIGH_TECH_CONDITIONS.map((c) => [c, conditions?.[c] ?? false]),
    ) as HighTechConditions,
    temperature_monitored: record.temperature_monitored ?? DEFAULT_FACILITY_SETTINGS.temperature_monitored,
  };
}

export type SettingChange<T> = { from: T | null; to: T };
export type FacilitySettingChanges = { [F in FacilitySettingField]?: SettingChange<FacilitySettings[F]> };

const sameSetting = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Each setting that differs, from → to (from null: the facility is new). */
export function changedSettings(before: FacilitySettings | null, after: FacilitySettings): FacilitySettingChanges {
  const changed: Record<string, SettingChange<unknown>> = {};
  for (const field of FACILITY_SETTING_FIELDS) {
    if (before === null || !sameSetting(before[field], after[field])) changed[field] = { from: before?.[field] ?? null, to: after[field] };
  }
  return changed as FacilitySettingChanges;
}
