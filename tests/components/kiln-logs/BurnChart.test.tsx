import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import BurnChart from '../../../src/kiln-logs/BurnChart';
import type { ChartPoint } from '../../../src/domain/api/kilnLogs';
import { renderInAdmin } from '../support/renderInAdmin';

const START = Date.UTC(2026, 2, 1, 6, 0);
const points = (n: number): ChartPoint[] =>
  Array.from({ length: n }, (_, i) => ({ ts: START + i * 10_000, t1: 20 + (i % 600), t2: 18 + (i % 500), w: 50 + (i % 40) / 10 }));

/** The points a line's path visits: one move, then one segment per further point. */
const firstY = (path: Element) => Number(/^M[\d.]+,([\d.]+)/.exec(path.getAttribute('d') ?? '')?.[1]);

const pathPoints = (path: Element) => (path.getAttribute('d')?.match(/[ML]/g) ?? []).length;

describe('BurnChart (spec §9)', () => {
  it('draws 650x450 with the three lines temp 1, temp 2 and weight x10 and an x axis (its HH:mm ticks are not drawn in jsdom; see chartData.test.ts)', () => {
    const { container } = renderInAdmin(<BurnChart points={points(120)} />);
    const svg = container.querySelector('.recharts-wrapper > svg');
    expect(svg).toHaveAttribute('width', '650');
    expect(svg).toHaveAttribute('height', '450');
    const curves = container.querySelectorAll('path.recharts-line-curve');
    expect(curves).toHaveLength(3);
    curves.forEach((curve) => expect(pathPoints(curve)).toBe(120));
    expect(screen.getByText('temp 1 (°C)')).toBeInTheDocument();
    expect(screen.getByText('temp 2 (°C)')).toBeInTheDocument();
    expect(screen.getByText('weight x10 (kg)')).toBeInTheDocument();
    expect(container.querySelector('.recharts-xAxis')).not.toBeNull();
  });

  it('plots the weight ten times over, on the temperatures axis', () => {
    const flat = [
      { ts: START, t1: 100, t2: 100, w: 40 },
      { ts: START + 60_000, t1: 100, t2: 100, w: 40 },
    ];
    const { container } = renderInAdmin(<BurnChart points={flat} />);
    const [t1, , weight] = [...container.querySelectorAll('path.recharts-line-curve')].map(firstY);
    // 40 kg drawn as 400 sits above the 100 °C line (a smaller y); drawn as 40 it would sit below
    expect(weight).toBeLessThan(t1);
    expect(container.querySelector('.recharts-yAxis')).not.toBeNull();
  });

  it('never draws more than 1,000 points a line', () => {
    const { container } = renderInAdmin(<BurnChart points={points(2500)} />);
    const curves = container.querySelectorAll('path.recharts-line-curve');
    expect(curves).toHaveLength(3);
    curves.forEach((curve) => expect(pathPoints(curve)).toBe(1000));
  });
});
