import { describe, expect, it } from 'vitest';
import {
  clampView,
  looksSwapped,
  MAX_SCALE,
  panView,
  pinchView,
  spotsOf,
  viewBox,
  WORLD_VIEW,
  zoomView,
  type View,
} from '../../../src/domain/fleet/map';
import { invalidReasons, MAX_TREND_POINTS, trendPoints, type TrendBurn } from '../../../src/domain/fleet/trends';

const BOX = { latitude_min: -1.45, latitude_max: -1.15, longitude_min: 36.65, longitude_max: 37.05 };
const SWAPPED = { latitude_min: 36.65, latitude_max: 37.05, longitude_min: -1.45, longitude_max: -1.15 };
const inBox = { latitude: -1.3, longitude: 36.8 };

describe('the Fleet map', () => {
  it('sees a box drawn with latitude and longitude swapped, by its burns or by latitudes beyond ±90', () => {
    expect(looksSwapped(SWAPPED, [inBox, inBox, { latitude: -1.2, longitude: 36.9 }])).toBe(true);
    expect(looksSwapped(BOX, [inBox, inBox])).toBe(false);
    expect(looksSwapped({ latitude_min: 100, latitude_max: 120, longitude_min: 10, longitude_max: 20 }, [])).toBe(true);
    expect(looksSwapped(SWAPPED, [])).toBe(false);
  });

  it('gathers burns per spot, newest first, marking those outside their facility box', () => {
    const burns = [
      { id: 1, facility_id: 1, ...inBox, logts: '2026-01-01T06:00:00', open_anomalies: 0 },
      { id: 2, facility_id: 1, ...inBox, logts: '2026-02-01T06:00:00', open_anomalies: 1 },
      { id: 3, facility_id: 1, latitude: 9.3, longitude: 36.8, logts: '2026-01-05T06:00:00', open_anomalies: 1 },
    ];
    const spots = spotsOf(burns, new Map([[1, BOX]]));
    expect(spots).toHaveLength(2);
    expect(spots.find((s) => !s.outside)).toMatchObject({ ids: [2, 1], flagged: 1 });
    expect(spots.find((s) => s.outside)).toMatchObject({ ids: [3], flagged: 1 });
  });

  it('zooms about a point, pans, and never shows beyond the world', () => {
    const zoomed = zoomView(WORLD_VIEW, 1.5);
    expect(zoomed.scale).toBe(1.5);
    expect(zoomView(WORLD_VIEW, 1 / 1.5)).toEqual(WORLD_VIEW);
    const panned = panView(zoomed, 0.1, 0);
    expect(panned.cx).toBeGreaterThan(zoomed.cx);
    expect(clampView({ cx: -50, cy: 500, scale: 2 })).toEqual({ cx: 90, cy: 135, scale: 2 });
    expect(viewBox(WORLD_VIEW)).toBe('0 0 360 180');
  });
});

describe('the Fleet trends', () => {
  const burn = (logts: string, over: Partial<TrendBurn> = {}): TrendBurn => ({
    logts,
    valid: true,
    reasons: [],
    burn_duration: 3 * 3_600_000,
    biomass_loaded: 400,
    biochar_produced: 80,
    co2_removed: 150,
    ...over,
  });

  it('counts burns per week with mean yield, duration, CO2 and the invalid share', () => {
    const points = trendPoints([
      burn('2026-03-02T06:00:00'),
      burn('2026-03-04T06:00:00', { valid: false, reasons: ['TEMP_LOW'], biochar_produced: 100 }),
      burn('2026-03-16T06:00:00'),
    ]);
    expect(points.map((p) => p.week)).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
    expect(points[0]).toMatchObject({ burns: 2, yieldPct: 22.5, durationH: 3, co2Kg: 150, invalidPct: 50 });
    expect(points[1]).toMatchObject({ burns: 0, yieldPct: null, invalidPct: 0 });
  });

  it('merges neighbouring weeks beyond MAX_TREND_POINTS', () => {
    const burns = Array.from({ length: 400 }, (_, i) =>
      burn(new Date(Date.UTC(2024, 0, 1) + i * 3 * 86_400_000).toISOString().slice(0, 19)),
    );
    expect(trendPoints(burns).length).toBeLessThanOrEqual(MAX_TREND_POINTS);
  });

  it('lists why burns were invalid, most frequent first', () => {
    const burns = [
      burn('2026-03-02T06:00:00', { valid: false, reasons: ['TEMP_LOW', 'DATA_GAP'] }),
      burn('2026-03-03T06:00:00', { valid: false, reasons: ['TEMP_LOW'] }),
    ];
    expect(invalidReasons(burns)).toEqual([
      { code: 'TEMP_LOW', count: 2 },
      { code: 'DATA_GAP', count: 1 },
    ]);
  });
});

describe('the Fleet map pinch', () => {
  // 1 map unit per pixel at scale 1 on a 360 px wide map
  const START: View = { cx: 180, cy: 90, scale: 4 };
  const UPP = 0.25;
  const mapPoint = (view: View, upp: number, p: { x: number; y: number }) => ({ x: view.cx + p.x * upp, y: view.cy + p.y * upp });

  it("zooms by the change in the fingers' distance, keeping the map point under their midpoint under it", () => {
    const from = [
      { x: 20, y: 10 },
      { x: 60, y: 10 },
    ] as const;
    const to = [
      { x: 0, y: 10 },
      { x: 80, y: 10 },
    ] as const;
    const next = pinchView(START, UPP, from, to);
    expect(next.scale).toBeCloseTo(8);
    const held = mapPoint(START, UPP, { x: 40, y: 10 });
    const now = mapPoint(next, (UPP * START.scale) / next.scale, { x: 40, y: 10 });
    expect(now.x).toBeCloseTo(held.x);
    expect(now.y).toBeCloseTo(held.y);
  });

  it('pans with the midpoint when the fingers move together, and stays inside the world and the zoom bounds', () => {
    const from = [
      { x: -10, y: 0 },
      { x: 10, y: 0 },
    ] as const;
    const moved = pinchView(START, UPP, from, [
      { x: -10 + 40, y: 0 },
      { x: 10 + 40, y: 0 },
    ]);
    expect(moved).toEqual({ scale: 4, cx: 180 - 40 * UPP, cy: 90 });
    expect(
      pinchView(START, UPP, from, [
        { x: -1000, y: 0 },
        { x: 1000, y: 0 },
      ]).scale,
    ).toBe(MAX_SCALE);
    expect(
      pinchView(START, UPP, from, [
        { x: 0, y: 0 },
        { x: 0.001, y: 0 },
      ]),
    ).toEqual(clampView({ ...START, scale: 1 }));
    // two fingers at one point: no zoom, no jump
    expect(
      pinchView(
        START,
        UPP,
        [
          { x: 5, y: 5 },
          { x: 5, y: 5 },
        ],
        [
          { x: 5, y: 5 },
          { x: 5, y: 5 },
        ],
      ),
    ).toEqual(START);
  });
});
