import { plainMedian, plainMethod, plainReadings, type RecordedBurn } from './plainMethod';

/**
 * The phases of section 4 of the method text (docs/analysis.md#burn-analysis-algorithm-230-the-method),
 * implemented a second time from that text alone, beside plainMethod.ts and like it importing
 * nothing of the engine: every window a plain scan, every median by sorting. It gives the
 * moments a package records (analysis.phases) and the loads, so the conventions of the text
 * (window ends, ties at a step's bottom and top, the noise) are checked on real burns too.
 */

export interface PlainPhases {
  start_ts: number;
  peak_ts: number | null;
  burn_end_ts: number | null;
  quench_ts: number;
  quench_evidence: string | null;
  quench_found: boolean | null;
  quench_top_ts: number | null;
  changeover_ts: number | null;
  loads: { ts: number; kg: number }[];
  biomass_loaded: number;
  pyrolysis_spans: [number, number][];
  /** the codes of the failed validity rules (section 6), in order */
  reasons: string[];
}

export interface Box {
  latitude_min: number;
  latitude_max: number;
  longitude_min: number;
  longitude_max: number;
}

/** The header's latitude and longitude. */
function position(text: string): [number, number] {
  const value = (key: string) => Number(new RegExp(`^#\\s*${key}\\s*=(.*)$`, 'im').exec(text)?.[1]);
  return [value('latitude'), value('longitude')];
}

interface Step {
  bottom: number;
  top: number;
  kg: number;
}

const MINUTE = 60_000;
const round2 = (x: number): number => {
  const r = Math.round(x * 100) / 100;
  return r === 0 ? 0 : r;
};

/** Medians of `values` over [ts − half, ts + half] of every reading. */
function centredMedians(ts: number[], values: number[], half: number): number[] {
  let lo = 0;
  let hi = 0;
  return ts.map((t) => {
    while (ts[lo] < t - half) lo++;
    while (hi < ts.length && ts[hi] <= t + half) hi++;
    return plainMedian(values.slice(lo, hi));
  });
}

/** Least-squares line through (ts, values) over indices from..to (missing values left out), as value at x and slope; times measured from x. */
function line(ts: number[], values: number[], from: number, to: number, x: number): { value: number; slope: number } {
  const points: [number, number][] = [];
  for (let k = from; k <= to; k++) if (!Number.isNaN(values[k])) points.push([ts[k] - x, values[k]]);
  if (points.length === 0) return { value: NaN, slope: NaN };
  const meanX = points.reduce((a, [px]) => a + px, 0) / points.length;
  const meanY = points.reduce((a, [, py]) => a + py, 0) / points.length;
  if (points.length < 3) return { value: meanY, slope: 0 };
  let sxx = 0;
  let sxy = 0;
  for (const [px, py] of points) {
    sxx += (px - meanX) * (px - meanX);
    sxy += (px - meanX) * (py - meanY);
  }
  if (!(sxx > 0)) return { value: meanY, slope: 0 };
  const slope = sxy / sxx;
  return { value: meanY - slope * meanX, slope };
}

export function plainPhases(text: string, burn: Pick<RecordedBurn, 'factors'> & { box: Box }): PlainPhases {
  const readings = plainReadings(text);
  const { kiln_type: type, calibration } = burn.factors;
  const n = readings.length;
  const ts = readings.map((r) => r.ts);
  const inWindow = (from: number, to: number) => readings.filter((r) => r.ts >= from && r.ts <= to);
  let kg = readings.map((r) => r.w);
  if (type !== 1) {
    const zero = type === 2 ? plainMedian(inWindow(ts[0], ts[0] + 2 * MINUTE).map((r) => r.w)) : (calibration!.zero_weight as number);
    kg = readings.map((r) => (r.w - zero) / (calibration!.per_g_weight * 1000));
  }
  const valid = (t: number) => (t >= -20 && t <= 1300 ? t : NaN);
  const t1 = readings.map((r) => valid(r.t1));
  const t2 = readings.map((r) => valid(r.t2));
  const hot = t1.map((a, i) => (Number.isNaN(a) ? t2[i] : Number.isNaN(t2[i]) ? a : Math.max(a, t2[i])));
  const cold = t1.map((a, i) => (Number.isNaN(a) ? t2[i] : Number.isNaN(t2[i]) ? a : Math.min(a, t2[i])));
  const smooth = centredMedians(ts, kg, 30_000);
  const hotS = centredMedians(ts, hot, 30_000);
  const coldS = centredMedians(ts, cold, 30_000);
  const d2: number[] = [];
  for (let i = 1; i + 1 < n; i++) d2.push(Math.abs(kg[i + 1] - 2 * kg[i] + kg[i - 1]));
  const m = plainMedian(d2);
  const threshold = Math.max(2, 3 * (Number.isNaN(m) ? 0 : (1.4826 * m) / Math.sqrt(6)));

  /** last index with ts ≤ t (−1 if none), by bisection */
  const atOrBefore = (t: number) => {
    let lo = -1;
    let hi = n - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (ts[mid] <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };

  // heat start
  let heatStart = -1;
  let run = -1;
  for (let i = 0; i < n && heatStart < 0; i++) {
    if (Number.isNaN(hotS[i])) continue;
    if (hotS[i] >= 100) {
      if (run < 0) run = i;
      if (ts[i] - ts[run] >= 2 * MINUTE) heatStart = run;
    } else run = -1;
  }

  // load steps
  const spans: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const j = atOrBefore(ts[i] + MINUTE);
    if (!(j > i && smooth[j] - smooth[i] >= threshold)) continue;
    const open = spans[spans.length - 1];
    if (open && i <= open[1]) open[1] = j;
    else spans.push([i, j]);
  }
  const raw: { bottom: number; top: number }[] = [];
  for (const [from, to] of spans) {
    let top = from;
    for (let k = from; k <= to; k++) if (smooth[k] > smooth[top]) top = k;
    let bottom = from;
    for (let k = from; k <= top; k++) if (smooth[k] <= smooth[bottom]) bottom = k;
    const previous = raw[raw.length - 1];
    if (previous && ts[bottom] - ts[previous.top] <= 2 * MINUTE && smooth[bottom] > smooth[previous.bottom]) previous.top = top;
    else raw.push({ bottom, top });
  }
  const steps: Step[] = raw.map(({ bottom, top }, r) => {
    let from = bottom;
    while (from - 1 >= 0 && ts[from - 1] >= ts[bottom] - 2 * MINUTE && (r === 0 || from - 1 > raw[r - 1].top)) from--;
    let to = top;
    while (to + 1 < n && ts[to + 1] <= ts[top] + 2 * MINUTE && (r + 1 === raw.length || to + 1 < raw[r + 1].bottom)) to++;
    const middle = (ts[bottom] + ts[top]) / 2;
    return { bottom, top, kg: line(ts, smooth, top, to, middle).value - line(ts, smooth, from, bottom, middle).value };
  });

  const t0 = Math.min(...[heatStart, steps.length > 0 ? steps[0].bottom : -1].filter((i) => i >= 0), Infinity);
  const start = Number.isFinite(t0) ? t0 : 0;
  let peak = -1;
  for (let i = 0; i < n; i++) if (!Number.isNaN(hotS[i]) && (peak < 0 || hotS[i] > hotS[peak])) peak = i;
  const lastFrom = (level: number) => {
    for (let i = n - 1; i >= start; i--) if (hotS[i] >= level) return i;
    return -1;
  };
  const burnEnd = lastFrom(350);
  const lastWarm = lastFrom(100);
  const fallback = lastWarm > start ? lastWarm : n - 1;

  const fireGoesOut = (bottom: number, top: number, fall: number) => {
    const before = Math.max(
      ...inIndices(ts[bottom] - MINUTE, ts[bottom])
        .filter((k) => k <= bottom)
        .map((k) => hotS[k])
        .filter((t) => !Number.isNaN(t)),
    );
    const after = Math.min(
      ...inIndices(ts[bottom], ts[top] + 5 * MINUTE)
        .map((k) => hotS[k])
        .filter((t) => !Number.isNaN(t)),
    );
    return before - after >= fall;
  };
  function inIndices(from: number, to: number): number[] {
    const out: number[] = [];
    let k = 0;
    for (let hi = n; k < hi;) {
      const mid = Math.floor((k + hi) / 2);
      if (ts[mid] < from) k = mid + 1;
      else hi = mid;
    }
    for (; k < n && ts[k] <= to; k++) out.push(k);
    return out;
  }
  const risesFivePercent = (step: Step) => {
    for (let r = step.bottom; r <= step.top; r++) {
      if (!(smooth[r] > 0)) continue;
      let high = smooth[r];
      for (let k = r + 1; k < n && ts[k] <= ts[r] + 2 * MINUTE; k++) if (smooth[k] > high) high = smooth[k];
      if ((high - smooth[r]) / smooth[r] > 0.05) return true;
    }
    return false;
  };
  const isWater = (step: Step) => step.kg >= threshold && risesFivePercent(step) && fireGoesOut(step.bottom, step.top, 50);
  const climbsBack = (bottom: number, top: number, until: number, level: number) => {
    let lowest = Infinity;
    for (let k = bottom; k <= until; k++) {
      if (hotS[k] < lowest) lowest = hotS[k];
      if (k > top && hotS[k] >= level && hotS[k] - lowest >= 50) return true;
    }
    return false;
  };

  let quench = -1;
  let unclear = false;
  let evidence: string | null = null;
  let quenchStep: Step | null = null;
  if (type === 1) {
    quench = fallback;
    unclear = lastWarm >= 0 && ts[n - 1] - ts[lastWarm] < MINUTE;
  } else if (burnEnd < 0) {
    const water = steps.filter((s) => s.bottom > start && isWater(s) && !climbsBack(s.bottom, s.top, n - 1, 100));
    quenchStep = water[water.length - 1] ?? null;
    evidence = quenchStep ? 'water_after_cooling' : 'none';
  } else if (ts[n - 1] - ts[burnEnd] < MINUTE) {
    evidence = 'none';
    unclear = true;
  } else {
    const end = ts[burnEnd];
    const candidates = steps.filter(
      (s) => ts[s.bottom] >= end - 10 * MINUTE && ts[s.bottom] <= end && isWater(s) && !climbsBack(s.bottom, s.top, burnEnd, 350),
    );
    const late = steps.find((s) => ts[s.bottom] > end && isWater(s) && !climbsBack(s.bottom, s.top, n - 1, 100));
    if (candidates.length > 0) {
      quenchStep = candidates[candidates.length - 1];
      evidence = 'water';
      unclear = candidates.length > 1;
    } else if (late && ts[late.bottom] - end <= 10 * MINUTE) {
      quenchStep = late;
      evidence = 'water_after_cooling';
    } else {
      const fallsFast = (i: number) => {
        const k = atOrBefore(ts[i] - MINUTE);
        return (k >= 0 ? hotS[k] : NaN) - hotS[i] >= 50;
      };
      const a = atOrBefore(end + MINUTE);
      let onset = -1;
      if (fallsFast(a)) {
        onset = a;
        while (fallsFast(onset)) onset--;
      }
      if (onset >= 0 && fireGoesOut(onset, onset, 150) && !climbsBack(onset, onset, n - 1, 100)) {
        quench = onset;
        evidence = 'temperature_fall';
      } else if (late) {
        quenchStep = late;
        evidence = 'water_after_cooling';
      } else evidence = 'none';
    }
  }
  if (quenchStep) quench = quenchStep.bottom;
  const found = type === 1 ? null : quench >= 0;
  if (quench < 0) quench = burnEnd > start ? burnEnd : fallback;
  const top = type === 1 ? -1 : quenchStep ? quenchStep.top : quench;

  let changeover = -1;
  if (type === 2 && peak >= 0) {
    // from the end back: the time of the next later reading at 350 °C is known at every reading
    let crossing = -1;
    let nextHot = Infinity;
    for (let i = n - 1; i >= peak; i--) {
      if (coldS[i] >= 350) nextHot = ts[i];
      else if (coldS[i] < 350 && nextHot - ts[i] > 10 * MINUTE) crossing = i;
    }
    if (crossing >= 0) {
      let x = ts[crossing];
      for (let iteration = 0; iteration < 10; iteration++) {
        const ks = inIndices(x - 20 * MINUTE, x + 20 * MINUTE).filter((k) => k >= peak && k <= quench);
        const fit = ks.length > 0 ? line(ts, coldS, ks[0], ks[ks.length - 1], x) : { value: NaN, slope: NaN };
        if (!(fit.slope < 0)) break;
        const next = Math.min(ts[quench], Math.max(ts[peak], x + (350 - fit.value) / fit.slope));
        const settled = Math.abs(next - x) < 1000;
        x = next;
        if (settled) break;
      }
      changeover = ts.findIndex((t) => t >= Math.round(x));
    }
  }

  const loads = steps.filter((s) => s !== quenchStep && s.bottom >= start && s.bottom < quench);
  const atStart = Number.isNaN(smooth[start]) ? 0 : smooth[start];
  const medianKg = (from: number, to: number) => plainMedian(kg.filter((_, k) => ts[k] >= from && ts[k] <= to));
  let biomass = atStart + loads.reduce((a, s) => a + s.kg, 0);
  if (type === 1) {
    const last = steps[steps.length - 1];
    if (heatStart >= 0) biomass = medianKg(ts[heatStart] - 2 * MINUTE, ts[heatStart]);
    else if (last) biomass = medianKg(ts[last.top], ts[last.top] + 2 * MINUTE);
    else biomass = medianKg(ts[start] - 2 * MINUTE, ts[start]);
  }

  // section 6
  const hotSpans: [number, number][] = [];
  for (let i = start; i < quench; i++) {
    if (!(coldS[i] >= 350)) continue;
    const to = ts[i] + Math.min(ts[i + 1] - ts[i], 5 * MINUTE);
    const previous = hotSpans[hotSpans.length - 1];
    if (previous && previous[1] === ts[i]) previous[1] = to;
    else hotSpans.push([ts[i], to]);
  }
  const figures = plainMethod(text, {
    factors: burn.factors,
    phases: {
      start_ts: ts[start],
      quench_ts: ts[quench],
      changeover_ts: changeover >= 0 ? ts[changeover] : null,
      quench_top_ts: top >= 0 ? ts[top] : null,
    },
  });
  const { prior, biochar, fromChangeover, lessChange } = figures.unrounded;
  const validShare = (values: number[]) => values.slice(start, quench + 1).filter((v) => !Number.isNaN(v)).length / (quench - start + 1);
  let gap = 0;
  for (let i = start; i < quench; i++) gap = Math.max(gap, ts[i + 1] - ts[i]);
  const [latitude, longitude] = position(text);
  const { box } = burn;
  const reasons: string[] = [];
  const fail = (code: string, failed: boolean) => failed && reasons.push(code);
  fail(
    'GPS_OUTSIDE',
    !(latitude >= box.latitude_min && latitude <= box.latitude_max && longitude >= box.longitude_min && longitude <= box.longitude_max),
  );
  fail('TEMP_LOW', hotSpans.reduce((a, [from, to]) => a + to - from, 0) < 30 * MINUTE);
  fail('SENSOR_FAULT', validShare(t1) < 0.9 || validShare(t2) < 0.9);
  fail('DATA_GAP', gap > 5 * MINUTE);
  fail('NO_QUENCH', found === false);
  fail('MASS_IMPLAUSIBLE', !(prior > 0) || !(prior <= biomass) || !(biochar / biomass >= 0.05 && biochar / biomass <= 0.4));
  fail('DURATION', figures.burn_duration < 30 * MINUTE || figures.burn_duration > 24 * 60 * MINUTE);
  fail('PHASES_UNCLEAR', unclear);
  if (type === 2 && fromChangeover !== null && lessChange !== null) {
    const lower = Math.min(fromChangeover, lessChange);
    const difference = fromChangeover === lessChange ? 0 : lower > 0 ? Math.abs(fromChangeover - lessChange) / lower : Infinity;
    fail('ESTIMATES_DISAGREE', difference > 0.1);
  }
  return {
    start_ts: ts[start],
    peak_ts: peak >= 0 ? ts[peak] : null,
    burn_end_ts: burnEnd >= 0 ? ts[burnEnd] : null,
    quench_ts: ts[quench],
    quench_evidence: evidence,
    quench_found: found,
    quench_top_ts: top >= 0 ? ts[top] : null,
    changeover_ts: changeover >= 0 ? ts[changeover] : null,
    loads: loads.map((s) => ({ ts: ts[s.bottom], kg: round2(s.kg) })),
    biomass_loaded: round2(biomass),
    pyrolysis_spans: hotSpans,
    reasons,
  };
}
