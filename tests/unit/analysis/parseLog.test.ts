import { parseLog, type ParseLogResult } from '../../../mock-server/analysis';

const HEADER = '# kiln_id=CG1-0007\n# latitude=-1.29207\n# longitude=36.82195\n';
const GOOD = `${HEADER}d,t,t1,t2,w\n2026-03-01,06:00:00,24.5,23.9,10234\n2026-03-01,06:00:10,-3,1300.25,10240\n`;

/** Unreadable reading lines (line 7 after GOOD): what each is, the line, and the sentence that names it. */
const BAD_LINES: [string, string, string][] = [
  ['a word for a temperature', '2026-03-01,06:00:20,hot,23.9,10234', "Line 7: t1 'hot' is neither a number nor a missing reading."],
  ['a date that does not exist', '2026-02-30,06:00:20,24.5,23.9,10234', "Line 7: date '2026-02-30' is not a YYYY-MM-DD date."],
  ['a time out of range', '2026-03-01,24:00:00,24.5,23.9,10234', "Line 7: time '24:00:00' is not an HH:mm:ss time."],
  ['too few values', '2026-03-01,06:00:20,24.5', 'Line 7: expected 5 comma-separated values but found 3.'],
  ['binary junk', '\u0000\u0001\u00ff', 'Line 7: expected 5 comma-separated values but found 1.'],
];
const TOO_MANY_VALUES: [string, string, string] = [
  'too many values',
  '2026-03-01,06:00:20,24.5,1,2,3',
  'Line 7: expected 5 comma-separated values but found 6.',
];

function expectError(result: ParseLogResult) {
  if (result.ok) throw new Error('expected a parse error');
  return result.error;
}

function expectLog(result: ParseLogResult) {
  if (!result.ok) throw new Error(`unexpected parse error: ${result.error.message}`);
  return result.log;
}

describe('parseLog', () => {
  it('reads the header and every reading, timestamps as UTC-treated local time', () => {
    const log = expectLog(parseLog(GOOD));
    expect(log.header).toEqual({ kiln_id: 'CG1-0007', latitude: -1.29207, longitude: 36.82195 });
    expect(log.rows).toEqual([
      { ts: Date.UTC(2026, 2, 1, 6, 0, 0), t1: 24.5, t2: 23.9, w: 10234 },
      { ts: Date.UTC(2026, 2, 1, 6, 0, 10), t1: -3, t2: 1300.25, w: 10240 },
    ]);
  });

  it('is not thrown by CRLF line ends, a byte-order mark or trailing blank lines', () => {
    const messy = '\uFEFF' + GOOD.replace(/\n/g, '\r\n') + '\r\n\r\n  \n';
    expect(expectLog(parseLog(messy))).toEqual(expectLog(parseLog(GOOD)));
  });

  it('accepts blank lines, comments, spaces around values and numbers Number() reads', () => {
    const text = `# a comment\n${HEADER}\nd,t,t1,t2,w\n 2026-03-01 , 06:00:00 , 2.5e2 , +7 , 10234 \n# later comment\n\n2026-03-01,6:00:10,1,2,3\n`;
    const log = expectLog(parseLog(text));
    expect(log.rows).toEqual([
      { ts: Date.UTC(2026, 2, 1, 6, 0, 0), t1: 250, t2: 7, w: 10234 },
      { ts: Date.UTC(2026, 2, 1, 6, 0, 10), t1: 1, t2: 2, w: 3 },
    ]);
  });

  it('reads the columns in the order the column line names them', () => {
    const log = expectLog(parseLog(`${HEADER}w,t2,t1,t,d\n10234,23.9,24.5,06:00:00,2026-03-01\n`));
    expect(log.rows).toEqual([{ ts: Date.UTC(2026, 2, 1, 6), t1: 24.5, t2: 23.9, w: 10234 }]);
  });

  it('assumes d,t,t1,t2,w when the column line is left out', () => {
    const log = expectLog(parseLog(`${HEADER}2026-03-01,06:00:00,24.5,23.9,10234\n`));
    expect(log.rows).toHaveLength(1);
  });

  it('keeps readings across midnight and month ends apart', () => {
    const log = expectLog(parseLog(`${HEADER}d,t,t1,t2,w\n2026-02-28,23:59:50,1,1,1\n2026-03-01,00:00:00,1,1,1\n`));
    expect(log.rows.map((r) => r.ts)).toEqual([Date.UTC(2026, 1, 28, 23, 59, 50), Date.UTC(2026, 2, 1)]);
  });

  it('gives EMPTY_FILE for an empty or blank file', () => {
    expect(expectError(parseLog('')).code).toBe('EMPTY_FILE');
    const blank = expectError(parseLog('\uFEFF \r\n\n'));
    expect(blank).toMatchObject({ code: 'EMPTY_FILE', message: 'The file is empty.', line: null });
  });

  it('gives MISSING_HEADER naming the missing lines and where they were due', () => {
    const none = expectError(parseLog('d,t,t1,t2,w\n2026-03-01,06:00:00,24.5,23.9,10234\n'));
    expect(none).toMatchObject({ code: 'MISSING_HEADER', line: 1 });
    expect(none.message).toBe("Missing header line '# kiln_id=…', '# latitude=…', '# longitude=…' before line 1.");

    const noLongitude = expectError(parseLog('# kiln_id=A\n# latitude=1\nd,t,t1,t2,w\n'));
    expect(noLongitude).toMatchObject({ code: 'MISSING_HEADER', line: 3, header: { kiln_id: 'A', latitude: 1 } });
    expect(noLongitude.message).toContain("'# longitude=…'");
  });

  it('gives INVALID_HEADER for an unreadable position or an empty kiln id', () => {
    const lat = expectError(parseLog('# kiln_id=A\n# latitude=north\n# longitude=3\nd,t,t1,t2,w\n'));
    expect(lat).toMatchObject({ code: 'INVALID_HEADER', line: 2, message: "Line 2: latitude 'north' is not a number between -90 and 90." });
    expect(expectError(parseLog('# kiln_id=A\n# latitude=1\n# longitude=181\n')).line).toBe(3);
    expect(expectError(parseLog('# kiln_id= \n')).message).toBe('Line 1: kiln_id is empty.');
  });

  it('gives NO_ROWS for a header without readings', () => {
    expect(expectError(parseLog(HEADER))).toMatchObject({ code: 'NO_ROWS', line: 3 });
    const withColumns = expectError(parseLog(`${HEADER}d,t,t1,t2,w\r\n\r\n`));
    expect(withColumns.code).toBe('NO_ROWS');
    expect(withColumns.message).toBe('The file has no readings after its header (line 3).');
  });

  it('gives BAD_COLUMNS for a column line that lacks a column', () => {
    const error = expectError(parseLog(`${HEADER}d,t,t1,w\n`));
    expect(error).toMatchObject({ code: 'BAD_COLUMNS', line: 4 });
    expect(error.message).toContain('missing t2');
  });

  it.each([...BAD_LINES, TOO_MANY_VALUES])('skips and counts a line with %s', (_case, line) => {
    const lines = Array.from({ length: 60 }, (_, i) => `2026-03-01,07:${String(i).padStart(2, '0')}:00,24.5,23.9,10234`).join('\n');
    const result = parseLog(`${GOOD}${line}\n${lines}\n`);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.skippedLines).toBe(1);
    expect(result.log.rows).toHaveLength(62);
  });

  it.each(BAD_LINES)('refuses a short log whose one bad line (%s) is over 2 %, naming it', (_case, line, first) => {
    const error = expectError(parseLog(`${GOOD}${line}\n2026-03-01,06:00:30,24.5,23.9,10234\n`));
    expect(error).toMatchObject({ code: 'TOO_MANY_BAD_LINES', line: 7 });
    expect(error.message).toBe(`${first} 1 of 4 reading lines (25.0 %) could not be read; at most 2 % may be skipped.`);
    expect(error.header.kiln_id).toBe('CG1-0007');
  });

  it('keeps blank, nan, NA, -, null cells as missing readings, not a broken file', () => {
    const cells = ['', 'nan', 'NaN', 'NA', '-', 'null', ' '];
    const text = `${HEADER}d,t,t1,t2,w\n` + cells.map((c, i) => `2026-03-01,06:00:0${i},${c},${i},${c}`).join('\n') + '\n';
    const result = parseLog(text);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.skippedLines).toBe(0);
    expect(result.log.rows.map((r) => [r.t1, r.t2, r.w])).toEqual(cells.map((_, i) => [NaN, i, NaN]));
  });

  it('skips a truncated last line and counts it', () => {
    const lines = Array.from({ length: 60 }, (_, i) => `2026-03-01,06:${String(i).padStart(2, '0')}:00,500,480,10234`);
    const result = parseLog(`${HEADER}d,t,t1,t2,w\n${lines.join('\n')}\n2026-03-01,07:00:00,50`);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.skippedLines).toBe(1);
    expect(result.log.rows).toHaveLength(60);
  });

  it('accepts exactly 2 % of skipped lines and refuses one more', () => {
    const good = (i: number) =>
      `2026-03-01,06:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')},500,480,10234`;
    const log = (bad: number) =>
      `${HEADER}d,t,t1,t2,w\n` + Array.from({ length: 100 }, (_, i) => (i < bad ? 'junk' : good(i))).join('\n') + '\n';
    const two = parseLog(log(2));
    expect(two.ok && two.skippedLines).toBe(2);
    expect(expectError(parseLog(log(3)))).toMatchObject({ code: 'TOO_MANY_BAD_LINES', line: 5 });
  });

  it('refuses a log that is mostly garbage, naming the first bad line', () => {
    const lines = Array.from({ length: 90 }, (_, i) =>
      i % 3 === 0 ? `2026-03-01,06:00:${String(i % 60).padStart(2, '0')},1,1,1` : `E5 checksum ${i} fail`,
    );
    const error = expectError(parseLog(`${HEADER}d,t,t1,t2,w\n${lines.join('\n')}\n`));
    expect(error.message).toBe(
      'Line 6: expected 5 comma-separated values but found 1. 60 of 90 reading lines (66.7 %) could not be read; at most 2 % may be skipped.',
    );
  });

  it('refuses a log with no readable line at all', () => {
    expect(expectError(parseLog(`${HEADER}d,t,t1,t2,w\njunk\n`))).toMatchObject({ code: 'TOO_MANY_BAD_LINES', line: 5 });
  });

  it('refuses a kiln_id that breaks the registry rules, quoting only a short safe excerpt', () => {
    const huge = expectError(parseLog(`# kiln_id=${'A'.repeat(10_000_000)}\n# latitude=1\n# longitude=2\n`));
    expect(huge.code).toBe('INVALID_HEADER');
    expect(huge.message.length).toBeLessThan(200);
    expect(huge.header.kiln_id).toBeUndefined();
    const odd = expectError(parseLog('# kiln_id=K 1<script>\u0007\n'));
    expect(odd.message).toBe("Line 1: kiln_id 'K 1<script>?' is not a kiln id (at most 64 letters, digits, '.', '_' or '-').");
    expect(
      expectLog(parseLog(`# kiln_id=${'K'.repeat(64)}\n# latitude=1\n# longitude=2\n2026-03-01,06:00:00,1,1,1\n`)).header.kiln_id,
    ).toHaveLength(64);
    expect(expectError(parseLog(`# kiln_id=${'K'.repeat(65)}\n`)).code).toBe('INVALID_HEADER');
  });

  it('quotes at most a short excerpt of an unreadable latitude', () => {
    const error = expectError(parseLog(`# kiln_id=A\n# latitude=${'9'.repeat(5000)}\n`));
    expect(error.message).toBe(`Line 2: latitude '${'9'.repeat(24)}…' is not a number between -90 and 90.`);
  });

  it('counts lines the way an editor does, CRLF or not', () => {
    const text = `${GOOD}\n\n2026-03-01,06:00:20,x,1,1\n`.replace(/\n/g, '\r\n');
    expect(expectError(parseLog(text)).line).toBe(9);
  });

  it('reads a file that starts with blank lines, counting them', () => {
    expect(expectLog(parseLog(`\n\n${GOOD}`))).toEqual(expectLog(parseLog(GOOD)));
    expect(expectError(parseLog(`\n${HEADER}d,t,t1,t2,w\n2026-03-01,06:00:00,x,1,1\n`)).line).toBe(6);
  });

  it('reads plain decimals by character code to the numbers Number() reads from the same cells with spaces', () => {
    const values = ['0', '-0.5', '12.345', '1300', '007.10', '.5', '5.', '123456789012.5'];
    const plain =
      `${HEADER}d,t,t1,t2,w\n` + values.map((v, i) => `2026-03-01,06:00:${String(i).padStart(2, '0')},${v},${v},${v}`).join('\n');
    const spaced = plain.replace(/,/g, ' , ');
    const a = expectLog(parseLog(plain)).rows;
    const b = expectLog(parseLog(spaced)).rows;
    expect(a).toEqual(b);
    expect(a.map((r) => r.t1)).toEqual(values.map(Number));
  });

  it('skips a line with fewer cells than a column line naming an extra column, even five cells in d,t,t1,t2,w order', () => {
    const lines = Array.from({ length: 60 }, (_, i) => `2026-03-01,07:${String(i).padStart(2, '0')}:00,1,2,3,note`);
    const result = parseLog(`${HEADER}d,t,t1,t2,w,note\n${lines.join('\n')}\n2026-03-01,08:00:00,1,2,3\n`);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.skippedLines).toBe(1);
    expect(result.log.rows).toHaveLength(60);
    expect(result.log.rows[0]).toEqual({ ts: Date.UTC(2026, 2, 1, 7), t1: 1, t2: 2, w: 3 });
  });

  it('reads a column named twice from its first place', () => {
    expect(expectLog(parseLog(`${HEADER}d,t,t1,t2,w,w\n2026-03-01,06:00:00,1,2,3,4\n`)).rows[0].w).toBe(3);
    expect(expectLog(parseLog(`${HEADER}T1,D,t,T2,W\n1,2026-03-01,06:00:00,2,3\n`)).rows[0]).toEqual({
      ts: Date.UTC(2026, 2, 1, 6),
      t1: 1,
      t2: 2,
      w: 3,
    });
  });

  it('reads header keys in any case with spaces around, and takes the position to its limits', () => {
    const log = expectLog(parseLog('#  Kiln_ID = K.1_a-2 \n# LATITUDE=-90\n#longitude = 180\n2026-03-01,06:00:00,1,1,1\n'));
    expect(log.header).toEqual({ kiln_id: 'K.1_a-2', latitude: -90, longitude: 180 });
    expect(expectLog(parseLog('# kiln_id=K\n# latitude=90\n# longitude=-180\n2026-03-01,06:00:00,1,1,1\n')).header).toMatchObject({
      latitude: 90,
      longitude: -180,
    });
    for (const [line, message] of [
      ['# latitude=90.001', "Line 2: latitude '90.001' is not a number between -90 and 90."],
      ['# latitude=-90.001', "Line 2: latitude '-90.001' is not a number between -90 and 90."],
      ['# longitude=-180.5', "Line 2: longitude '-180.5' is not a number between -180 and 180."],
      ['# latitude=', "Line 2: latitude '' is not a number between -90 and 90."],
      ['# longitude=Infinity', "Line 2: longitude 'Infinity' is not a number between -180 and 180."],
      ['# kiln_id=-K1!', "Line 2: kiln_id '-K1!' is not a kiln id (at most 64 letters, digits, '.', '_' or '-')."],
      ['# kiln_id=!K1', "Line 2: kiln_id '!K1' is not a kiln id (at most 64 letters, digits, '.', '_' or '-')."],
    ]) {
      expect(expectError(parseLog(`# kiln_id=K\n${line}\n`))).toMatchObject({ code: 'INVALID_HEADER', line: 2, message });
    }
  });

  it('reads a position of up to 64 characters, no longer', () => {
    const digits = (n: number) => `1.${'0'.repeat(n - 2)}`;
    expect(expectLog(parseLog(`# kiln_id=K\n# latitude=${digits(64)}\n# longitude=2\n2026-03-01,06:00:00,1,1,1\n`)).header.latitude).toBe(
      1,
    );
    expect(expectError(parseLog(`# kiln_id=K\n# latitude=${digits(65)}\n`)).message).toBe(
      `Line 2: latitude '1.${'0'.repeat(22)}…' is not a number between -90 and 90.`,
    );
  });

  it('quotes a value of exactly 24 characters whole', () => {
    expect(expectError(parseLog(`# kiln_id=K\n# latitude=${'x'.repeat(24)}\n`)).message).toBe(
      `Line 2: latitude '${'x'.repeat(24)}' is not a number between -90 and 90.`,
    );
  });

  it('treats header-like lines after the readings as comments, and plain comments as nothing', () => {
    const log = expectLog(
      parseLog(
        `${HEADER}# no equals sign here\nd,t,t1,t2,w\n2026-03-01,06:00:00,1,1,1\n# latitude=north\n# kiln_id=OTHER\n2026-03-01,06:00:10,2,2,2\n`,
      ),
    );
    expect(log.header).toEqual({ kiln_id: 'CG1-0007', latitude: -1.29207, longitude: 36.82195 });
    expect(log.rows).toHaveLength(2);
  });

  it('names every header line still missing at the end of a file of headers and comments', () => {
    expect(expectError(parseLog('# latitude=1\n# just a note\n'))).toMatchObject({
      code: 'MISSING_HEADER',
      line: null,
      message: "Missing header line '# kiln_id=…', '# longitude=…'.",
    });
  });

  it('takes n/a and none as missing readings, and refuses other words, signs alone and infinities', () => {
    const cells = ['N/A', 'None', ' NULL '];
    const text = `${HEADER}d,t,t1,t2,w\n` + cells.map((c, i) => `2026-03-01,06:00:0${i},${c},1,1`).join('\n') + '\n';
    expect(expectLog(parseLog(text)).rows.map((r) => r.t1)).toEqual([NaN, NaN, NaN]);
    for (const cell of ['+', '--1', '1.2.3', 'Infinity', '-Infinity', '1e999', '.', 'nan5']) {
      const error = expectError(parseLog(`${HEADER}d,t,t1,t2,w\n2026-03-01,06:00:00,1,1,${cell}\n`));
      expect(error.message).toMatch(
        new RegExp(`^Line 5: w '${cell.replace(/[.+*]/g, '\\$&')}' is neither a number nor a missing reading\\.`),
      );
    }
  });

  it('reads a date that only starts like the one before it as a date of its own', () => {
    const result = parseLog(`${HEADER}d,t,t1,t2,w\n2026-03-01,06:00:00,1,1,1\n2026-03-011,06:00:10,2,2,2\n2026-03-01,06:00:20,3,3,3\n`);
    expect(expectError(result).message).toBe(
      "Line 6: date '2026-03-011' is not a YYYY-MM-DD date. 1 of 3 reading lines (33.3 %) could not be read; at most 2 % may be skipped.",
    );
  });

  it('reads times of one-digit hours and with spaces around them', () => {
    const log = expectLog(
      parseLog(`${HEADER}d,t,t1,t2,w\n2026-03-01,6:00:00,1,1,1\n2026-03-01, 6:00:10,2,2,2\n2026-03-01,06:00:20 ,3,3,3\n`),
    );
    expect(log.rows.map((r) => r.ts - Date.UTC(2026, 2, 1))).toEqual([6 * 3_600_000, 6 * 3_600_000 + 10_000, 6 * 3_600_000 + 20_000]);
  });

  it('reads long decimals and long integers as Number() does', () => {
    const values = [
      '1234567890123456',
      '0.1234567891',
      '-0.000000001',
      '99999999999999.9',
      '1e3',
      '0x10',
      '0.1234567890123456789',
      '99999999999999999',
    ];
    const text = `${HEADER}d,t,t1,t2,w\n` + values.map((v, i) => `2026-03-01,06:00:0${i},${v},1,1`).join('\n') + '\n';
    expect(expectLog(parseLog(text)).rows.map((r) => r.t1)).toEqual(values.map(Number));
  });

  it('quotes a bad date or time without the spaces around it', () => {
    const date = expectError(parseLog(`${HEADER}d,t,t1,t2,w\n2026-02-30 ,06:00:00,1,1,1\n`));
    expect(date.message).toMatch(/^Line 5: date '2026-02-30' is not a YYYY-MM-DD date\./);
    const time = expectError(parseLog(`${HEADER}d,t,t1,t2,w\n2026-03-01, 24:00:00 ,1,1,1\n`));
    expect(time.message).toMatch(/^Line 5: time '24:00:00' is not an HH:mm:ss time\./);
  });

  it('names every column a column line lacks', () => {
    expect(expectError(parseLog(`${HEADER}d,t,t2\n`))).toMatchObject({
      code: 'BAD_COLUMNS',
      line: 4,
      message: 'Line 4: the column line must name d, t, t1, t2 and w (missing t1, w).',
    });
  });

  it('takes a # line without =, even one naming a header key, as a comment, and ignores header keys it does not know', () => {
    const log = expectLog(parseLog(`# kiln_id:\n# firmware=2.1.0\n# operator=12\n${HEADER}2026-03-01,06:00:00,1,1,1\n`));
    expect(log.header).toEqual({ kiln_id: 'CG1-0007', latitude: -1.29207, longitude: 36.82195 });
    expect(log.rows).toHaveLength(1);
  });

  it('skips a line whose date cell is empty as a bad date, not as a short line', () => {
    const error = expectError(parseLog(`${HEADER}d,t,t1,t2,w\n2026-03-01,06:00:00,1,1,1\n,06:00:10,1,1,1\n`));
    expect(error).toMatchObject({ code: 'TOO_MANY_BAD_LINES', line: 6 });
    expect(error.message).toMatch(/^Line 6: date '' is not a YYYY-MM-DD date\. 1 of 2 reading lines/);
  });

  it('names the channel of a value that is not a reading: t1, t2 or w', () => {
    for (const [cells, message] of [
      ['ERR,1,1', "t1 'ERR' is neither a number nor a missing reading."],
      ['1,ERR,1', "t2 'ERR' is neither a number nor a missing reading."],
      ['1,1,ERR', "w 'ERR' is neither a number nor a missing reading."],
    ]) {
      expect(expectError(parseLog(`${HEADER}2026-03-01,06:00:00,${cells}\n`)).message).toMatch(
        new RegExp(`^Line 4: ${message.replace(/[.]/g, '\\.')} 1 of 1`),
      );
    }
  });

  it('refuses a number cell with a stray character, a second point or a sign inside', () => {
    for (const cell of ['1..2', '12-5', '12:5', '1/2', '12 5', '-.']) {
      const error = expectError(parseLog(`${HEADER}d,t,t1,t2,w\n2026-03-01,06:00:00,${cell},1,1\n`));
      expect(error.message).toBe(
        `Line 5: t1 '${cell}' is neither a number nor a missing reading. 1 of 1 reading lines (100.0 %) could not be read; at most 2 % may be skipped.`,
      );
    }
  });

  it('reads plain decimals with a sign, a leading or trailing point and leading zeros as Number() does', () => {
    const values = ['-.5', '5.', '-0', '-0.0', '0009', '-1300.25', '7.000'];
    const text = `${HEADER}d,t,t1,t2,w\n` + values.map((v, i) => `2026-03-01,06:00:0${i},${v},${v},${v}`).join('\n') + '\n';
    const rows = expectLog(parseLog(text)).rows;
    for (const name of ['t1', 't2', 'w'] as const) {
      rows.forEach((row, i) => expect(Object.is(row[name], Number(values[i])), `${name} '${values[i]}' read as ${row[name]}`).toBe(true));
    }
  });

  it('reads a line of three missing readings as NaN in each channel', () => {
    const rows = expectLog(parseLog(`${HEADER}d,t,t1,t2,w\n2026-03-01,06:00:00,-,,nan\n`)).rows;
    expect(rows).toEqual([{ ts: Date.UTC(2026, 2, 1, 6), t1: NaN, t2: NaN, w: NaN }]);
  });

  it('counts a second column line after the readings (two logs run together) as a skipped line, and its header lines as comments', () => {
    const lines = (hour: number) =>
      Array.from({ length: 60 }, (_, i) => `2026-03-01,${String(hour).padStart(2, '0')}:${String(i).padStart(2, '0')}:00,1,2,3`).join('\n');
    const result = parseLog(`${HEADER}d,t,t1,t2,w\n${lines(6)}\n# kiln_id=OTHER\n# latitude=5\nd,t,t1,t2,w\n${lines(7)}\n`);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.skippedLines).toBe(1);
    expect(result.log.rows).toHaveLength(120);
    expect(result.log.header.kiln_id).toBe('CG1-0007');
  });

  it('refuses a large upload of lines without commas in time linear in its size', () => {
    // 300,000 lines, 5 MB: searching each line's commas to the end of the file took 83 s, far past the test's timeout
    const text = `${HEADER}2026-03-01,06:00:00,1,1,1\n${'E5 checksum fail\n'.repeat(300_000)}`;
    const error = expectError(parseLog(text));
    expect(error).toMatchObject({ code: 'TOO_MANY_BAD_LINES', line: 5 });
    expect(error.message).toBe(
      'Line 5: expected 5 comma-separated values but found 1. 300000 of 300001 reading lines (100.0 %) could not be read; at most 2 % may be skipped.',
    );
  });
});
