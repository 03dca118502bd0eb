import { generateBurn, KILN_TYPE, type GenerateBurnOptions, type GeneratedBurn } from '../analysis';
import type { AnomalyCode } from '../../src/domain/fleet/anomalies';

/**
 * Burns built to show one fleet anomaly each, from the burn simulator: the
 * demo seed adds a few to its fleet, and the tests upload them. Each needs a
 * history of ordinary burns of its kiln before it (GPS_JUMP one, TARE_DRIFT
 * three, YIELD_OUTLIER none); DUPLICATE_CURVE needs the burn it copies.
 */

/** A C-Go-1's load cell: so many raw counts per kg of the default calibration (2.5 counts per gram). */
const DRIFT_KG = 6;
/** far beyond any facility box's diagonal */
const JUMP_DEGREES = 8;

const READING = /^(\d{4}-\d{2}-\d{2}),(\d{2}:\d{2}:\d{2}),/;

/** The same readings with the kiln's clock moved on by shiftMs: what re-uploading a burn as a new one takes. */
function shiftClock(text: string, shiftMs: number): string {
  return text
    .split('\n')
    .map((line) => {
      const m = READING.exec(line);
      if (!m) return line;
      const at = new Date(Date.parse(`${m[1]}T${m[2]}Z`) + shiftMs).toISOString();
      return `${at.slice(0, 10)},${at.slice(11, 19)},${line.slice(m[0].length)}`;
    })
    .join('\n');
}

function moveHeader(text: string, latitude: number, longitude: number): string {
  return text.replace(/^# latitude=.*$/m, `# latitude=${latitude}`).replace(/^# longitude=.*$/m, `# longitude=${longitude}`);
}

/**
 * The burn `base` gives, changed so it raises `code`. DUPLICATE_CURVE: the same
 * readings with the clock moved on by `shiftMs`, so its bytes differ but not its
 * curves. TARE_DRIFT only for a C-Go-1 (its configured zero is not re-measured),
 * RATE_IMPOSSIBLE by a one-minute heat-up.
 */
export function anomalousBurn(code: AnomalyCode, base: GenerateBurnOptions, shiftMs = 3 * 86_400_000): GeneratedBurn {
  switch (code) {
    case 'COPIED_BURN':
      throw new Error("COPIED_BURN is the copy check's: disguise a copy of a burn instead (tests/helpers/disguise.ts).");
    case 'DUPLICATE_CURVE': {
      const burn = generateBurn(base);
      return { ...burn, text: shiftClock(burn.text, shiftMs) };
    }
    case 'GPS_JUMP': {
      const burn = generateBurn(base);
      const latitude =
        base.facility.latitude_max + JUMP_DEGREES <= 90
          ? base.facility.latitude_max + JUMP_DEGREES
          : base.facility.latitude_min - JUMP_DEGREES;
      return { ...burn, text: moveHeader(burn.text, Math.round(latitude * 1e5) / 1e5, burn.truth.longitude) };
    }
    case 'TARE_DRIFT': {
      if (base.kiln_type !== KILN_TYPE.CGO1) throw new Error('TARE_DRIFT is built on a C-Go-1.');
      const calibration = base.calibration ?? { zero_weight: 84210, per_g_weight: 2.5 };
      const drifted = { ...calibration, zero_weight: calibration.zero_weight + DRIFT_KG * calibration.per_g_weight * 1000 };
      return generateBurn({ ...base, calibration: drifted });
    }
    case 'YIELD_OUTLIER':
      return generateBurn({ ...base, truth: { ...base.truth, char_yield: base.kiln_type === KILN_TYPE.RETORT ? 0.08 : 0.37 } });
    case 'RATE_IMPOSSIBLE':
      return generateBurn({ ...base, truth: { ...base.truth, heating_minutes: 1 } });
  }
}
