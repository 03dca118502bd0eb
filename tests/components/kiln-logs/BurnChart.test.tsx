import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import BurnChart from '../../../src/kiln-logs/BurnChart';
import type { ChartPoint } from '../../../src/domain/api/kilnLogs';
import type { BurnMarks } from '../../../src/domain/chartData';
import { renderInAdmin } from '../support/renderInAdmin';

const START = Date.UTC(2026, 2, 1, 6, 0);
const MINUTE = 60_000;
const points = (n: number): ChartPoint[] =>
  Array.from({ length: n }, (_, i) => ({ ts: START + i * 10_000, t1: 20 + (i % 600), t2: 18 + (i % 500), w: 50 + (i % 40) / 10 }));

/** Every (x, y) a line's path visits. */
const vertices = (path: Element) =>
  [...(path.getAttribute('d') ?? '').matchAll(/[ML]([\d.]+),([\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
const pathPoints = (path: Element) => (path.getAttribute('d')?.match(/[ML]/g) ?? []).length;
const curves = (container: HTMLElement) => [...container.querySelectorAll('path.recharts-line-curve')];

/** Draws two readings a minute apart, temperatures 0 then 600 °C, and answers the temp 1 and weight lines' vertices. */
function drawFromColdToHot(weights: [number, number]) {
  const data: ChartPoint[] = [
    { ts: START, t1: 0, t2: 0, w: weights[0] },
    { ts: START + MINUTE, t1: 600, t2: 600, w: weights[1] },
  ];
  const { container } = renderInAdmin(<BurnChart points={data} />);
  const [t1, , weight] = curves(container).map(vertices);
  return { t1, weight };
}

describe('BurnChart (spec §9)', () => {
  it('draws 650x450 with the three lines temp 1, temp 2 and weight x10, an x axis and two y axes', () => {
    const { container } = renderInAdmin(<BurnChart points={points(120)} />);
    const svg = container.querySelector('.recharts-wrapper > svg');
    expect(svg).toHaveAttribute('width', '650');
    expect(svg).toHaveAttribute('height', '450');
    expect(curves(container)).toHaveLength(3);
    curves(container).forEach((curve) => expect(pathPoints(curve)).toBe(120));
    expect(screen.getByText('temp 1 (°C)')).toBeInTheDocument();
    expect(screen.getByText('temp 2 (°C)')).toBeInTheDocument();
    expect(screen.getByText('weight x10 (kg)')).toBeInTheDocument();
    expect(container.querySelector('.recharts-xAxis')).not.toBeNull();
    expect(container.querySelectorAll('.recharts-yAxis')).toHaveLength(2);
  });

  it('puts the weight on its own axis: its highest point reaches the top like the temperatures’, not a third of the way', () => {
    // temperatures to 600 °C, weight 20 kg (200 drawn): on a shared axis the weight would sit low
    const { t1, weight } = drawFromColdToHot([20, 20]);
    expect(Math.abs(weight[0].y - t1[1].y)).toBeLessThan(2);
  });

  it('starts both axes at 0: a weight above zero is drawn above the 0 °C line', () => {
    const { t1, weight } = drawFromColdToHot([5, 40]);
    // weight 50 of 400 on [0, 400]: an eighth of the height above the bottom, where 0 °C is; from its minimum it would sit on the bottom
    const height = t1[0].y - t1[1].y;
    expect(t1[0].y - weight[0].y).toBeGreaterThan(height / 10);
    expect(t1[0].y - weight[0].y).toBeLessThan(height / 6);
  });

  it('marks t0, each load with its kg, the quench, the changeover, the 350 °C line and shades the time above it', () => {
    const marks: BurnMarks = {
      start: START + 5 * MINUTE,
      loads: [
        { ts: START + 5 * MINUTE, kg: 120.25 },
        { ts: START + 30 * MINUTE, kg: 80 },
      ],
      changeover: START + 70 * MINUTE,
      end: { ts: START + 80 * MINUTE, kind: 'quench' },
      hotSpans: [
        { from: START + 20 * MINUTE, to: START + 40 * MINUTE },
        { from: START + 45 * MINUTE, to: START + 75 * MINUTE },
      ],
    };
    const data = Array.from({ length: 91 }, (_, i) => ({
      ts: START + i * MINUTE,
      t1: i < 10 ? 20 : 500,
      t2: i < 10 ? 20 : 450,
      w: i < 5 ? 0 : 100,
    }));
    const { container } = renderInAdmin(<BurnChart points={data} marks={marks} />);
    for (const label of ['t0', '+120.3 kg', '+80.0 kg', 'quench', 'changeover', '350 °C']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(container.querySelectorAll('.recharts-reference-area')).toHaveLength(2);

    // each mark sits where its time is: the quench line at 80 of 90 minutes across the plot
    const [t1] = curves(container).map(vertices);
    const xAt = (minute: number) => t1[0].x + ((t1[t1.length - 1].x - t1[0].x) * minute) / 90;
    const quenchLine = container.querySelector('.burn-mark-end line, line.burn-mark-end');
    expect(Math.abs(Number(quenchLine?.getAttribute('x1')) - xAt(80))).toBeLessThan(1);
  });

  it("calls a Retort's end of burn 'end', not a quench", () => {
    const marks: BurnMarks = { start: START, loads: [], changeover: null, end: { ts: START + 60 * MINUTE, kind: 'burnEnd' }, hotSpans: [] };
    renderInAdmin(<BurnChart points={points(400)} marks={marks} />);
    expect(screen.getByText('end')).toBeInTheDocument();
    expect(screen.queryByText('quench')).toBeNull();
  });

  it('never draws more than 1,000 points a line', () => {
    const { container } = renderInAdmin(<BurnChart points={points(2500)} />);
    expect(curves(container)).toHaveLength(3);
    curves(container).forEach((curve) => expect(pathPoints(curve)).toBe(1000));
  });

  it('fills its parent in a dialog', () => {
    const { container } = renderInAdmin(
      <div style={{ width: 360, height: 600 }}>
        <BurnChart points={points(50)} fill />
      </div>,
    );
    expect(container.querySelector('.recharts-responsive-container')).not.toBeNull();
    expect(curves(container)).toHaveLength(3);
  });
});
