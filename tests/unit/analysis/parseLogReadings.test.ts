import fc from 'fast-check';
import { parseLog } from '../../../mock-server/analysis/parseLog';

// Every reading of a log is the number its cell says, whichever way the parser
// reads the cell: by character code for plain decimals, or Number() for the rest
// (white space, exponents, missing readings, reordered columns). The model is
// the rule of docs/analysis.md#series-preparation: a missing reading is NaN, any other cell its number.

const HEADER = '# kiln_id=K-7\n# latitude=-1.2\n# longitude=36.8\n';
const MISSING = ['', 'nan', 'NaN', 'NA', 'n/a', '-', 'null', 'None'];
const DAY_MS = 86_400_000;

/** the number a cell stands for, or NaN for a missing reading */
const model = (cell: string): number => (MISSING.includes(cell.trim()) ? NaN : Number(cell));

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

/** plain decimals of up to 15 digits (read by character code), and what a logger also writes */
const cell = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.boolean(), digits(1, 9), fc.option(digits(0, 6), { nil: undefined }))
      .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}`),
  },
  { weight: 2, arbitrary: fc.tuple(digits(1, 8), digits(1, 8)).map(([int, frac]) => `${int}.${frac}`) },
  { weight: 1, arbitrary: fc.double({ min: -1e6, max: 1e6, noNaN: true }).map(String) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(' ', '  ', ''), digits(1, 5), fc.constantFrom(' ', '')).map(([a, d, b]) => `${a}${d}${b}`),
  },
  { weight: 1, arbitrary: fc.constantFrom(...MISSING, '.5', '5.', '-0', '0.000', '1e3', '1.5E-2', '007') },
);

const pad = (n: number) => String(n).padStart(2, '0');
const date = (dayIndex: number) => `2026-03-${pad(1 + dayIndex)}`;
const clock = (secondOfDay: number) =>
  `${pad(Math.floor(secondOfDay / 3600))}:${pad(Math.floor(secondOfDay / 60) % 60)}:${pad(secondOfDay % 60)}`;

/** readings every few seconds from a given second of the day, crossing midnight now and then */
const lines = fc
  .tuple(
    fc.integer({ min: 0, max: 86_399 }),
    fc.array(fc.tuple(fc.integer({ min: 1, max: 3_600 }), cell, cell, cell), { minLength: 1, maxLength: 40 }),
  )
  .map(([first, readings]) => {
    let second = first;
    return readings.map(([gap, t1, t2, w]) => {
      second += gap;
      return { day: Math.floor(second / 86_400), second: second % 86_400, t1, t2, w };
    });
  });

const same = (a: number, b: number) => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b)) || a === b;

describe('parseLog: readings as their cells say', () => {
  it('reads every cell as its number and every missing one as NaN, with the time of its line, across midnight', () => {
    fc.assert(
      fc.property(lines, (readings) => {
        const text = HEADER + 'd,t,t1,t2,w\n' + readings.map((r) => `${date(r.day)},${clock(r.second)},${r.t1},${r.t2},${r.w}`).join('\n');
        const parsed = parseLog(text);
        if (!parsed.ok) throw new Error(parsed.error.message);
        expect(parsed.skippedLines).toBe(0);
        expect(parsed.log.rows).toHaveLength(readings.length);
        parsed.log.rows.forEach((row, i) => {
          const r = readings[i];
          expect(row.ts).toBe(Date.UTC(2026, 2, 1) + r.day * DAY_MS + r.second * 1000);
          for (const name of ['t1', 't2', 'w'] as const) {
            if (!same(row[name], model(r[name]))) throw new Error(`line ${i + 1}: ${name} '${r[name]}' read as ${row[name]}`);
          }
        });
      }),
      { numRuns: process.env.KILN_MUTATION ? 60 : 200 },
    );
  });

  it('reads the same numbers when the columns come in another order', () => {
    fc.assert(
      fc.property(lines, (readings) => {
        const text = HEADER + 'w,t2,d,t1,t\n' + readings.map((r) => `${r.w},${r.t2},${date(r.day)},${r.t1},${clock(r.second)}`).join('\n');
        const parsed = parseLog(text);
        if (!parsed.ok) throw new Error(parsed.error.message);
        parsed.log.rows.forEach((row, i) => {
          for (const name of ['t1', 't2', 'w'] as const) expect(same(row[name], model(readings[i][name]))).toBe(true);
        });
      }),
      { numRuns: process.env.KILN_MUTATION ? 30 : 100 },
    );
  });
});
