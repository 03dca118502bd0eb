/**
 * The Fleet map's geometry: plate carrée (x = longitude + 180,
 * y = 90 − latitude, so the world is 360 × 180), the view's zoom and pan, a
 * facility box that looks drawn with latitude and longitude swapped, and the
 * burns gathered per spot so 10,000 of them draw as a few hundred marks. Pure.
 */
import type { FacilityBox } from './fingerprint';
import { isInBox } from './anomalies';

export const WORLD = { width: 360, height: 180 } as const;
export const MIN_SCALE = 1;
export const MAX_SCALE = 256;
/** a keyboard or button zoom step */
export const ZOOM_STEP = 1.5;
/** an arrow key pans this share of the visible width */
export const PAN_STEP = 0.1;

export interface View {
  /** centre, in map units */
  cx: number;
  cy: number;
  scale: number;
}

export const WORLD_VIEW: View = { cx: WORLD.width / 2, cy: WORLD.height / 2, scale: 1 };

export const project = (p: { latitude: number; longitude: number }) => ({ x: p.longitude + 180, y: 90 - p.latitude });

/** The place at a point of the map (project's inverse), kept on the earth and to 5 decimals (about a metre). */
export const unproject = (p: { x: number; y: number }) => {
  const round = (n: number, max: number) => Math.round(Math.max(-max, Math.min(max, n)) * 1e5) / 1e5;
  return { latitude: round(90 - p.y, 90), longitude: round(p.x - 180, 180) };
};

/** The view kept inside the world: scale within bounds, centre so no edge shows beyond it. */
export function clampView(view: View): View {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, view.scale));
  const halfW = WORLD.width / scale / 2;
  const halfH = WORLD.height / scale / 2;
  return {
    scale,
    cx: Math.min(WORLD.width - halfW, Math.max(halfW, view.cx)),
    cy: Math.min(WORLD.height - halfH, Math.max(halfH, view.cy)),
  };
}

/** Zoomed by `factor` keeping the map point `at` (default the centre) where it is on screen. */
export function zoomView(view: View, factor: number, at: { x: number; y: number } = { x: view.cx, y: view.cy }): View {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, view.scale * factor));
  const k = view.scale / scale;
  return clampView({ scale, cx: at.x + (view.cx - at.x) * k, cy: at.y + (view.cy - at.y) * k });
}

/** A point on screen, in pixels from the map's centre. */
export interface ScreenPoint {
  x: number;
  y: number;
}

/**
 * A two-finger pinch: from the view when the fingers came down (`start`, with
 * `unitsPerPixel` map units per screen pixel), zoomed by the change in the
 * fingers' distance and moved so the map point under their first midpoint
 * stays under their midpoint now.
 */
export function pinchView(
  start: View,
  unitsPerPixel: number,
  from: readonly [ScreenPoint, ScreenPoint],
  to: readonly [ScreenPoint, ScreenPoint],
): View {
  const apart = (p: readonly [ScreenPoint, ScreenPoint]) => Math.hypot(p[1].x - p[0].x, p[1].y - p[0].y);
  const mid = (p: readonly [ScreenPoint, ScreenPoint]) => ({ x: (p[0].x + p[1].x) / 2, y: (p[0].y + p[1].y) / 2 });
  const before = apart(from);
  const factor = before > 0 ? apart(to) / before : 1;
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, start.scale * factor));
  const m0 = mid(from);
  const m1 = mid(to);
  const held = { x: start.cx + m0.x * unitsPerPixel, y: start.cy + m0.y * unitsPerPixel };
  const k = (unitsPerPixel * start.scale) / scale;
  return clampView({ scale, cx: held.x - m1.x * k, cy: held.y - m1.y * k });
}

/** Moved by a share of the visible width/height (arrow keys) */
export function panView(view: View, dxShare: number, dyShare: number): View {
  return clampView({ ...view, cx: view.cx + (dxShare * WORLD.width) / view.scale, cy: view.cy + (dyShare * WORLD.height) / view.scale });
}

/** The SVG viewBox of a view. */
export function viewBox(view: View): string {
  const w = WORLD.width / view.scale;
  const h = WORLD.height / view.scale;
  return `${view.cx - w / 2} ${view.cy - h / 2} ${w} ${h}`;
}

const swapped = (box: FacilityBox): FacilityBox => ({
  latitude_min: box.longitude_min,
  latitude_max: box.longitude_max,
  longitude_min: box.latitude_min,
  longitude_max: box.latitude_max,
});

/**
 * A box that looks drawn with latitude and longitude swapped: its latitudes
 * are not latitudes (beyond ±90), or most of its burns lie outside it but
 * inside the box read the other way round.
 */
export function looksSwapped(box: FacilityBox, burns: readonly { latitude: number; longitude: number }[]): boolean {
  if (Math.abs(box.latitude_min) > 90 || Math.abs(box.latitude_max) > 90) return true;
  if (burns.length === 0) return false;
  const inside = burns.filter((b) => isInBox(b, box)).length;
  const insideSwapped = burns.filter((b) => isInBox(b, swapped(box))).length;
  return insideSwapped > burns.length / 2 && inside < burns.length / 2;
}

export interface Spot {
  latitude: number;
  longitude: number;
  /** newest first */
  ids: number[];
  facility_id: number;
  /** outside its facility's box */
  outside: boolean;
  /** how many of its burns have an open anomaly */
  flagged: number;
}

export interface MapBurn {
  id: number;
  facility_id: number;
  latitude: number;
  longitude: number;
  logts: string | null;
  open_anomalies: number;
}

/** Burns gathered per spot (position rounded to `precision` degrees) and facility, each spot knowing whether it lies outside the box. */
export function spotsOf(burns: readonly MapBurn[], boxes: ReadonlyMap<number, FacilityBox>, precision = 0.01): Spot[] {
  const spots = new Map<string, Spot & { newest: string }>();
  for (const b of burns) {
    const lat = Math.round(b.latitude / precision) * precision;
    const lon = Math.round(b.longitude / precision) * precision;
    const box = boxes.get(b.facility_id);
    const outside = box ? !isInBox(b, box) : false;
    const key = `${b.facility_id}:${lat.toFixed(4)}:${lon.toFixed(4)}:${outside}`;
    const spot = spots.get(key) ?? { latitude: lat, longitude: lon, ids: [], facility_id: b.facility_id, outside, flagged: 0, newest: '' };
    spot.ids.push(b.id);
    if (b.open_anomalies > 0) spot.flagged++;
    if ((b.logts ?? '') >= spot.newest) {
      spot.newest = b.logts ?? '';
      // the newest burn first: a click opens it
      spot.ids.unshift(spot.ids.pop()!);
    }
    spots.set(key, spot);
  }
  return [...spots.values()].map(({ newest: _n, ...spot }) => spot);
}
