import type { KilnCalibration, KilnConfig } from '../domain/api/configure';

/** A version's numbers in words, with the Kiln modal's labels: "C-Go-1 Per g Weight 2.5, C-Go-1 Zero Weight 84210". */
export function calibrationText(config: string, translate: (key: string) => string): string {
  let parsed: KilnConfig;
  try {
    parsed = JSON.parse(config) as KilnConfig;
  } catch {
    return config;
  }
  const parts = [
    ['kilns.fields.cgo1PerGWeight', parsed.cgo1?.per_g_weight],
    ['kilns.fields.cgo1ZeroWeight', parsed.cgo1?.zero_weight],
    ['kilns.fields.terrafixPerGWeight', parsed.terrafix?.per_g_weight],
  ] as const;
  const shown = parts.filter(([, value]) => value !== undefined && value !== null).map(([label, value]) => `${translate(label)} ${value}`);
  return shown.length > 0 ? shown.join(', ') : translate('kilns.calibrations.emptyConfig');
}

export type CalibrationState = 'approved' | 'pending' | 'superseded';

export const calibrationState = (c: Pick<KilnCalibration, 'approved_ts' | 'superseded_ts'>): CalibrationState =>
  c.approved_ts !== null ? 'approved' : c.superseded_ts !== null ? 'superseded' : 'pending';
