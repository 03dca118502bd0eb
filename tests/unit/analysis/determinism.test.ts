import { generateBurn, KILN_TYPE } from '../../../mock-server/analysis';
import { analyseText, BOX, generate, KILN_TYPES, kilnOf } from './helpers';

describe('determinism', () => {
  it.each(KILN_TYPES)('the generator gives the same file and truth for the same seed (kiln type %i)', (type) => {
    const a = generate(type, 99, 'sensor_fault');
    const b = generate(type, 99, 'sensor_fault');
    expect(a.text).toBe(b.text);
    expect(a.truth).toEqual(b.truth);
    expect(generate(type, 100, 'sensor_fault').text).not.toBe(a.text);
  });

  it('a fault changes nothing but what it is about', () => {
    const clean = generate(KILN_TYPE.CGO1, 7).text.split('\n');
    const outside = generate(KILN_TYPE.CGO1, 7, 'gps_outside').text.split('\n');
    expect(outside.slice(3)).toEqual(clean.slice(3));
    expect(outside[1]).not.toBe(clean[1]);
    const faulty = generate(KILN_TYPE.CGO1, 7, 'sensor_fault').text.split('\n');
    const differing = faulty.filter((line, i) => line !== clean[i]);
    expect(differing.length).toBeGreaterThan(0);
    expect(differing.every((line) => line.split(',')[3] === '-999.0')).toBe(true);
  });

  it.each(KILN_TYPES)('the analysis gives the same answer for the same file (kiln type %i)', (type) => {
    const { text } = generate(type, 5);
    expect(analyseText(text, kilnOf(type))).toEqual(analyseText(text, kilnOf(type)));
  });

  it('the analysis does not depend on the host time zone or clock', () => {
    const { text } = generate(KILN_TYPE.TERRAFIX, 8);
    const before = JSON.stringify(analyseText(text, kilnOf(KILN_TYPE.TERRAFIX)));
    const zone = process.env.TZ;
    process.env.TZ = 'Pacific/Kiritimati';
    try {
      expect(JSON.stringify(analyseText(text, kilnOf(KILN_TYPE.TERRAFIX)))).toBe(before);
    } finally {
      process.env.TZ = zone;
    }
  });

  it('writes the file format of DESIGN.md §5', () => {
    const { text, truth } = generateBurn({
      kiln_type: KILN_TYPE.RETORT,
      kiln_id: 'RT-0001',
      seed: 1,
      start_ts: Date.UTC(2026, 2, 1, 6),
      facility: BOX,
    });
    const lines = text.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      `# kiln_id=RT-0001`,
      `# latitude=${truth.latitude}`,
      `# longitude=${truth.longitude}`,
      'd,t,t1,t2,w',
    ]);
    expect(lines[4]).toMatch(/^2026-03-01,06:00:00,-?\d+\.\d,-?\d+\.\d,-?\d+\.\d$/);
    expect(lines[5]).toMatch(/^2026-03-01,06:00:10,/);
    expect(lines).toHaveLength(truth.rows + 5);
  });
});
