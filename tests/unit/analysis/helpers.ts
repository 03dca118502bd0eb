import {
  analyseLogText,
  generateBurn,
  KILN_TYPE,
  type BurnFault,
  type BurnTruthInput,
  type FacilityInput,
  type GeneratedBurn,
  type KilnInput,
  type KilnType,
  type LogAnalysis,
  type Messiness,
} from '../../../mock-server/analysis';

export const START = Date.UTC(2026, 2, 1, 6, 0, 0);

export const BOX = { latitude_min: -1.45, latitude_max: -1.15, longitude_min: 36.65, longitude_max: 37.05 };
export const FACILITY: FacilityInput = { ...BOX, kiln_type_config: JSON.stringify({ cgo1: { wicf: 0.35, carbonRemovalFactor: 2.44 } }) };

export const CGO1_CALIBRATION = { zero_weight: 84210, per_g_weight: 2.5 };
export const TERRAFIX_CALIBRATION = { zero_weight: 153400, per_g_weight: 1.8 };

export function kilnOf(type: KilnType): KilnInput {
  if (type === KILN_TYPE.CGO1) return { type, config: JSON.stringify({ cgo1: CGO1_CALIBRATION }) };
  if (type === KILN_TYPE.TERRAFIX) return { type, config: { terrafix: { per_g_weight: TERRAFIX_CALIBRATION.per_g_weight } } };
  return { type, config: null };
}

export function generate(
  type: KilnType,
  seed: number,
  fault?: BurnFault,
  truth?: BurnTruthInput,
  messiness?: readonly Messiness[],
): GeneratedBurn {
  return generateBurn({
    kiln_type: type,
    kiln_id: `K-${type}`,
    seed,
    start_ts: START,
    calibration: type === KILN_TYPE.TERRAFIX ? TERRAFIX_CALIBRATION : CGO1_CALIBRATION,
    facility: { ...BOX, wicf: 0.35 },
    truth,
    fault,
    messiness,
  });
}

export function analyseText(text: string, kiln: KilnInput, facility: FacilityInput = FACILITY): LogAnalysis {
  return analyseLogText(text, () => ({ kiln, facility }));
}

export const KILN_TYPES = [KILN_TYPE.CGO1, KILN_TYPE.RETORT, KILN_TYPE.TERRAFIX] as const;
export const TYPE_NAMES: Record<KilnType, string> = { 0: 'C-Go-1', 1: 'Retort', 2: 'Terrafix' };

export interface Reading {
  t1: number;
  t2: number;
  w: number;
}

/** A log of `minutes` sampled every `stepSeconds`, each reading given by `at(minute)`. */
export function sampledLog(
  minutes: number,
  at: (minute: number) => Reading,
  options: { stepSeconds?: number; kilnId?: string; latitude?: number; longitude?: number } = {},
): string {
  const step = options.stepSeconds ?? 10;
  const lines = [
    `# kiln_id=${options.kilnId ?? 'HAND-1'}`,
    `# latitude=${options.latitude ?? -1.3}`,
    `# longitude=${options.longitude ?? 36.8}`,
    'd,t,t1,t2,w',
  ];
  for (let s = 0; s < minutes * 60; s += step) {
    const ts = new Date(START + s * 1000).toISOString();
    const r = at(s / 60);
    lines.push(`${ts.slice(0, 10)},${ts.slice(11, 19)},${r.t1},${r.t2},${r.w}`);
  }
  return lines.join('\n') + '\n';
}

/** ms of START + minutes */
export const at = (minutes: number): number => START + minutes * 60_000;
