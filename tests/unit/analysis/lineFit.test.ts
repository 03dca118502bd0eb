import { lineAt, lineValueAt } from '../../../mock-server/analysis/phases';

/** The least-squares line the load steps are measured with, and the changeover's trend. */
describe('least-squares line through readings', () => {
  const ts = Float64Array.from([0, 10, 20, 30, 40]);

  it('passes through readings on a line: its value anywhere and its slope per ms', () => {
    const values = Float64Array.from([100, 98, 96, 94, 92]);
    expect(lineValueAt(ts, values, 0, 4, 25)).toBeCloseTo(95, 10);
    expect(lineAt(ts, values, 0, 4, 50).value).toBeCloseTo(90, 10);
    expect(lineAt(ts, values, 0, 4, 50).slope).toBeCloseTo(-0.2, 10);
    // only the readings from..to count
    expect(lineValueAt(ts, Float64Array.from([0, 98, 96, 94, 0]), 1, 3, 0)).toBeCloseTo(100, 10);
  });

  it('leaves missing readings out', () => {
    const values = Float64Array.from([100, NaN, 96, NaN, 92]);
    expect(lineValueAt(ts, values, 0, 4, 10)).toBeCloseTo(98, 10);
    expect(lineAt(ts, values, 0, 4, 10).slope).toBeCloseTo(-0.2, 10);
    // a missing first reading must not become the line's anchor either
    expect(lineValueAt(ts, Float64Array.from([NaN, 98, 96, 94, 92]), 0, 4, 0)).toBeCloseTo(100, 10);
  });

  it('fits three readings, and takes the mean of two (too few to fit) as a flat line', () => {
    // three readings not on a line: the fit, not their mean (94)
    const three = Float64Array.from([100, 90, 92, NaN, NaN]);
    expect(lineValueAt(ts, three, 0, 4, 0)).toBeCloseTo(98, 10);
    expect(lineAt(ts, three, 0, 4, 0).slope).toBeCloseTo(-0.4, 10);
    const two = Float64Array.from([100, NaN, NaN, NaN, 92]);
    expect(lineAt(ts, two, 0, 4, 0)).toEqual({ value: 96, slope: 0 });
  });

  it('is flat at the mean over readings at one moment, and NaN over none', () => {
    const sameMoment = Float64Array.from([5, 5, 5]);
    expect(lineAt(sameMoment, Float64Array.from([1, 2, 6]), 0, 2, 100)).toEqual({ value: 3, slope: 0 });
    const none = lineAt(ts, Float64Array.from([NaN, NaN, NaN, NaN, NaN]), 0, 4, 0);
    expect(none.value).toBeNaN();
    expect(none.slope).toBeNaN();
  });
});
