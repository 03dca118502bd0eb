import type { Kiln, KilnConfig, KilnSaveRequest } from '../../src/domain/api/configure';
import { toNumber } from '../../src/domain/validation';
import type { KilnRow } from '../store/model';
import type { KilnRecord } from '../store/model';

/** A kiln as the API answers it: its facility's mnemonic and name joined in, config as JSON text. */
export function toKiln(record: KilnRow, calibrationPending = false): Kiln {
  return {
    id: record.id,
    kiln_id: record.kiln_id,
    facility_id: record.facility_id,
    facility_mnemonic: record.facility_mnemonic,
    facility_name: record.facility_name,
    type: record.type,
    install_date: record.install_date,
    last_update: record.last_update,
    config: record.config,
    approved_ts: record.approved_ts,
    approved_by: record.approved_by,
    calibration_pending: calibrationPending,
  };
}

/** Kilns in table order: facility mnemonic, then kiln id. */
export function sortKilns(kilns: Kiln[]): Kiln[] {
  return kilns.sort((a, b) => a.facility_mnemonic.localeCompare(b.facility_mnemonic) || a.kiln_id.localeCompare(b.kiln_id));
}

function numbersOf<K extends string>(
  group: Partial<Record<K, unknown>> | null | undefined,
  keys: readonly K[],
): Partial<Record<K, number>> | undefined {
  const picked: Partial<Record<K, number>> = {};
  for (const key of keys) {
    const n = toNumber(group?.[key]);
    if (n !== undefined) picked[key] = n;
  }
  return Object.keys(picked).length > 0 ? picked : undefined;
}

/** The config as stored: only the numbers given, empty groups left out. */
export function compactKilnConfig(config: KilnConfig | null | undefined): KilnConfig {
  const cgo1 = numbersOf(config?.cgo1, ['per_g_weight', 'zero_weight'] as const);
  const terrafix = numbersOf(config?.terrafix, ['per_g_weight'] as const);
  return { ...(cgo1 && { cgo1 }), ...(terrafix && { terrafix }) };
}

export type KilnFields = Omit<KilnRecord, 'id' | 'last_update' | 'approved_ts' | 'approved_by'>;

/** The stored fields a save payload sets, once validateKiln found no fault in it. */
export function kilnFields(payload: KilnSaveRequest): KilnFields {
  return {
    kiln_id: (payload.kiln_id ?? '').trim(),
    facility_id: Number(payload.facility_id),
    type: Number(payload.type),
    install_date: String(payload.install_date),
    config: JSON.stringify(compactKilnConfig(payload.config)),
  };
}

/** True when another kiln, in any facility, already reports itself with this kiln id (compared as the form compares it: trimmed, any case). */
export function isKilnIdTaken(values: { id?: number | null; kiln_id?: unknown }, kilns: readonly KilnRecord[]): boolean {
  if (typeof values.kiln_id !== 'string') return false;
  const wanted = values.kiln_id.trim().toLowerCase();
  return wanted !== '' && kilns.some((k) => k.id !== values.id && k.kiln_id.trim().toLowerCase() === wanted);
}
