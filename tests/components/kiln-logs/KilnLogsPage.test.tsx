import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, logInAs, mockFetch, renderApp } from '../support/renderApp';
import { CGO1_ANALYSIS } from '../../helpers/analysisResults';
import { REGISTRY as KILN_REGISTRY } from '../support/configure';
import { makeAnomaly, makeKilnLog, page } from '../support/kilnLogs';
import { windowWidth } from '../support/windowWidth';

afterEach(() => vi.unstubAllGlobals());

// the page is a lazy chunk and the list loads after it: allow for a busy machine
const LOADED = { timeout: 5000 };

const LIVE = makeKilnLog({
  id: 1,
  kiln_id: 'CG1-0007',
  facility_name: 'Nairobi Char Works',
  logts: '2026-03-01T06:05:00',
  file_size: 1536,
  analysis: JSON.stringify(CGO1_ANALYSIS),
  analysis_detail: { co2_removed: 1507.67, biochar_produced: 618.06 },
  signed: true,
  key_fingerprint: 'ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12',
  signature: 'c2lnbmF0dXJl',
});
const AUDITED = makeKilnLog({ id: 2, kiln_id: 'TX-0002', type: 2, audited: true, audit_id: 4, audit_job_id: 'JOB-2026-04', file_size: 0 });
const ERROR = makeKilnLog({
  id: 3,
  kiln_id: 'ZZ-9',
  facility_id: null,
  facility_name: null,
  gps_in_range: null,
  analysis: null,
  analysis_detail: null,
  error_message: "Unknown kiln 'ZZ-9'.",
});

const REGISTRY = { kilns: [], facilities: [{ id: 1, mnemonic: 'NCW', name: 'Nairobi Char Works' }] };

/** The kiln registry, and a 404 for any other call the page makes (the open-anomaly warning's must not read the registry). */
const registryOr404 = (url: string) => (url === '/api/kiln/registry/list' ? json(REGISTRY) : json({ message: 'Not found.' }, 404));

/** The API behind the page: the list, the filter choices, and the row commands. */
function serveKilnLogs(registry: object = REGISTRY) {
  return mockFetch((url, init) => {
    if (url.startsWith('/api/kilnlogs?')) return page([LIVE, AUDITED, ERROR], 60);
    if (url === '/api/kiln/registry/list') return json(registry);
    if (init.method === 'POST' && url === '/api/kilnlogs/1/analyse') return json(LIVE);
    if (init.method === 'POST' && url === '/api/kilnlogs/1/archive')
      return json({ message: 'Log 1 is an audited burn: it cannot be archived.' }, 409);
    return json({ message: 'Not found.' }, 404);
  });
}

const rowOf = (kilnId: string) => screen.getByText(kilnId).closest('tr') as HTMLElement;
const listCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/kilnlogs?'));
/** The filter of every list request so far, as the API receives it. */
const sentFilters = (fetchMock: ReturnType<typeof mockFetch>) =>
  listCalls(fetchMock).map(([url]) => JSON.parse(new URL(String(url), 'http://localhost').searchParams.get('filter') ?? '{}'));

/** Logs in as the kiln file admin and opens Kiln Logs served by serveKilnLogs, once its first burn shows. */
async function openKilnLogs(registry?: object) {
  await logInAs(3);
  const fetchMock = serveKilnLogs(registry);
  renderApp('/kiln_logs');
  await screen.findByText('CG1-0007', {}, LOADED);
  return fetchMock;
}

/** Opens Kiln Logs, clicks a column's header and expects the list asked for again sorted by its field. */
async function expectSortedBy(column: string, field: string) {
  await logInAs(3);
  const fetchMock = serveKilnLogs();
  renderApp('/kiln_logs');
  expect(await screen.findByText('CG1-0007', {}, LOADED)).toBeInTheDocument();
  const header = screen.getAllByRole('columnheader').find((h) => h.textContent?.startsWith(column))!;
  await userEvent.click(within(header).getByText(column));
  await waitFor(() => {
    const last = new URL(String(listCalls(fetchMock).at(-1)![0]), 'http://localhost');
    expect(JSON.parse(last.searchParams.get('sort') ?? '')[0]).toBe(field);
  });
}

// a loaded 2-core machine renders this page's filters and rows slowly
describe('Kiln Logs', { timeout: 15000 }, () => {
  // the first test of the file also loads the page's modules
  it('sorts by the analysis display when its column header is clicked', { timeout: 15000 }, () => expectSortedBy('Analysis', 'analysis'));

  it('sorts by file name when its column header is clicked', () => expectSortedBy('File Name', 'file_name'));

  it('lists a page of 25 logs, newest first, with their figures formatted', async () => {
    await logInAs(3);
    const fetchMock = serveKilnLogs();
    renderApp('/kiln_logs');

    expect(await screen.findByRole('heading', { level: 1, name: 'Kiln Logs' }, LOADED)).toBeInTheDocument();
    expect(await screen.findByText('CG1-0007', {}, LOADED)).toBeInTheDocument();
    const live = within(rowOf('CG1-0007'));
    expect(live.getByText('Nairobi Char Works')).toBeInTheDocument();
    expect(live.getByText('01-Mar-2026 06:05')).toBeInTheDocument();
    expect(live.getByText('1.50 KB')).toBeInTheDocument();
    expect(live.getByText('1,507.7')).toBeInTheDocument();
    expect(live.getByText('618.1')).toBeInTheDocument();
    expect(live.getByRole('img', { name: 'Valid burn' })).toBeInTheDocument();
    expect(live.getByRole('img', { name: 'GPS position within the facility area' })).toBeInTheDocument();

    // device-signed at a glance: the signed burn says so, the unsigned ones too
    expect(live.getByRole('img', { name: 'Device-signed burn' })).toBeInTheDocument();
    expect(within(rowOf('TX-0002')).getByRole('img', { name: 'Not device-signed' })).toBeInTheDocument();
    expect(within(rowOf('TX-0002')).getByText('TBD')).toBeInTheDocument();
    const error = within(rowOf('ZZ-9'));
    expect(error.getByRole('img', { name: 'Analysis error' })).toBeInTheDocument();
    expect(error.getByRole('img', { name: 'GPS check not applicable' })).toBeInTheDocument();
    // no analysis: its CO2 and biochar read N/A (as the facility does), not blank
    expect(error.getAllByText('N/A')).toHaveLength(3);

    const url = new URL(String(listCalls(fetchMock)[0][0]), 'http://localhost');
    expect(JSON.parse(url.searchParams.get('range') ?? '')).toEqual([0, 24]);
    expect(JSON.parse(url.searchParams.get('sort') ?? '')).toEqual(['logts', 'DESC']);
    expect(new Headers(listCalls(fetchMock)[0][1]?.headers).get('Authorization')).toMatch(/^Bearer ey/);
    expect(screen.getByText('1-25 of 60')).toBeInTheDocument();
  });

  it('offers analyse and archive only for a burn that is not audited', async () => {
    await openKilnLogs();

    const live = within(rowOf('CG1-0007'));
    expect(live.getByRole('button', { name: 'Download log file' })).toBeInTheDocument();
    expect(live.getByRole('button', { name: 'Analyse again' })).toBeInTheDocument();
    expect(live.getByRole('button', { name: 'Archive' })).toBeInTheDocument();

    const audited = within(rowOf('TX-0002'));
    expect(audited.getByRole('button', { name: 'Download log file' })).toBeInTheDocument();
    expect(audited.queryByRole('button', { name: 'Analyse again' })).not.toBeInTheDocument();
    expect(audited.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    expect(
      audited.getByRole('img', { name: 'Audited burn of audit JOB-2026-04: it cannot be analysed again or archived.' }),
    ).toBeInTheDocument();
  });

  it('offers no analyse or archive to a role without update kilnlog', async () => {
    await logInAs(4, 'facilityadmin');
    serveKilnLogs();
    renderApp('/kiln_logs');
    await screen.findByText('CG1-0007', {}, LOADED);
    expect(screen.getAllByRole('button', { name: 'Download log file' })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Analyse again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
  });

  it('analyses a log again: posts, notifies and reloads the list', async () => {
    const user = userEvent.setup();
    const fetchMock = await openKilnLogs();
    const before = listCalls(fetchMock).length;

    await user.click(within(rowOf('CG1-0007')).getByRole('button', { name: 'Analyse again' }));

    expect(await screen.findByText('Kiln log analysed again.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/kilnlogs/1/analyse' && init?.method === 'POST');
    expect(new Headers(post?.[1]?.headers).get('Authorization')).toMatch(/^Bearer ey/);
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(before), LOADED);
  });

  // an undoable command is sent only when its notification closes (4 s)
  it("archives undoably, and shows the server's reason when it refuses", { timeout: 20000 }, async () => {
    const user = userEvent.setup();
    await logInAs(3);
    const fetchMock = serveKilnLogs();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/kiln_logs');
    await screen.findByText('CG1-0007', {}, LOADED);
    const archiveCalls = () => fetchMock.mock.calls.filter(([url, init]) => url === '/api/kilnlogs/1/archive' && init?.method === 'POST');

    // undone: the row comes back and nothing is sent
    await user.click(within(rowOf('CG1-0007')).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Kiln log archived.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('CG1-0007')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('CG1-0007')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Kiln log archived.')).not.toBeInTheDocument(), { timeout: 6000 });
    expect(archiveCalls()).toHaveLength(0);

    // not undone: sent when the notification closes; the server's refusal is shown and the row is back
    await user.click(within(rowOf('CG1-0007')).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Error archiving kiln log.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('Log 1 is an audited burn: it cannot be archived.')).toBeInTheDocument();
    expect(archiveCalls()).toHaveLength(1);
    expect(await screen.findByText('CG1-0007', {}, LOADED)).toBeInTheDocument();
  });

  // a burn with an open anomaly carries a mark on its own row, looked up for the page on show
  const OPEN_ANOMALIES = [makeAnomaly({ id: 5, log_id: 1, code: 'DUPLICATE_CURVE' }), makeAnomaly({ id: 6, log_id: 1, code: 'GPS_JUMP' })];
  function serveWithAnomalies(extra: (url: string) => Response | undefined = () => undefined) {
    return mockFetch((url) => {
      if (url.startsWith('/api/kilnlogs?')) return page([LIVE, AUDITED, ERROR], 60);
      if (url === '/api/kiln/registry/list') return json(REGISTRY);
      if (url.startsWith('/api/fleet/anomalies?')) return page(OPEN_ANOMALIES, 2);
      return extra(url) ?? json({ message: 'Not found.' }, 404);
    });
  }
  const anomalyCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
    fetchMock.mock.calls
      .filter(([url]) => String(url).startsWith('/api/fleet/anomalies?'))
      .map(([url]) => JSON.parse(new URL(String(url), 'http://localhost').searchParams.get('filter') ?? '{}'));

  it('marks each burn with an open anomaly on its row, naming the codes and linking to them on the Fleet screen', async () => {
    await logInAs(3);
    const fetchMock = serveWithAnomalies();
    renderApp('/kiln_logs');
    await screen.findByText('CG1-0007', {}, LOADED);
    const mark = await within(rowOf('CG1-0007')).findByRole('link', {
      name: 'Open anomalies DUPLICATE_CURVE, GPS_JUMP: see them on the Fleet screen',
    });
    expect(mark).toHaveAttribute('href', '/fleet?log_id=1');
    expect(within(rowOf('TX-0002')).queryByRole('link', { name: /Open anomal/ })).not.toBeInTheDocument();
    expect(within(rowOf('ZZ-9')).queryByRole('link', { name: /Open anomal/ })).not.toBeInTheDocument();
    // one look-up for the burns of the page on show, open ones only
    expect(anomalyCalls(fetchMock)).toContainEqual({ open: true, log_id: [1, 2, 3] });
    // the warning above the list names the burn in one sentence, the burn a link to it
    const warning = screen.getByTestId('open-anomaly-warning');
    expect(warning).toHaveTextContent(
      /^2 open anomalies, the newest on burns \S+ .+ \(DUPLICATE_CURVE, GPS_JUMP\)\. Check them on the Fleet screen$/,
    );
    expect(within(warning).getByRole('link', { name: /\(DUPLICATE_CURVE, GPS_JUMP\)$/ })).toHaveAttribute('href', '/kiln_logs/1');
  });

  it('on a phone marks a burn with an open anomaly beside its entry', { timeout: 20000 }, async () => {
    windowWidth(390);
    await logInAs(3);
    serveWithAnomalies();
    renderApp('/kiln_logs');
    await screen.findByRole('button', { name: /^CG1-0007 · Nairobi Char Works/ }, LOADED);
    const marks = await screen.findAllByRole('link', { name: /^Open anomal/ });
    expect(marks).toHaveLength(1);
    expect(marks[0]).toHaveAccessibleName('Open anomalies DUPLICATE_CURVE, GPS_JUMP: see them on the Fleet screen');
    expect(marks[0]).toHaveAttribute('href', '/fleet?log_id=1');
    expect(marks[0].closest('li')).toHaveTextContent('CG1-0007');
  });

  it(
    'on a phone shows the tick or cross and the figures, and a tap opens the analysis and the chart (M8)',
    { timeout: 20000 },
    async () => {
      windowWidth(390);
      const user = userEvent.setup();
      await logInAs(3);
      mockFetch((url) => {
        if (url.startsWith('/api/kilnlogs?')) return page([LIVE, AUDITED, ERROR], 60);
        if (url === '/api/kiln/registry/list') return json(REGISTRY);
        if (url === '/api/kilnlogs/1') return json({ ...LIVE, chart_data: [], data_sample: [] });
        return json({ message: 'Not found.' }, 404);
      });
      renderApp('/kiln_logs');
      const live = await screen.findByRole('button', { name: /^CG1-0007 · Nairobi Char Works/ }, LOADED);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(within(live).getByRole('img', { name: 'Valid burn' })).toBeInTheDocument();
      expect(live).toHaveTextContent('01-Mar-2026 06:05');
      expect(live).toHaveTextContent('Valid · 1,507.7 kg CO2 · 618.1 kg biochar');
      const error = screen.getByRole('button', { name: /^ZZ-9 · N\/A/ });
      expect(within(error).getByRole('img', { name: 'Analysis error' })).toBeInTheDocument();
      expect(error).toHaveTextContent('Error · N/A');

      await user.click(live);
      const dialog = within(await screen.findByRole('dialog', { name: /CG1-0007 · Nairobi Char Works/ }));
      expect(dialog.getByText('GPS position within the facility area')).toBeInTheDocument();
      expect(dialog.getByRole('table', { name: 'Analysis' })).toHaveTextContent('Biochar produced');
      expect(dialog.getByRole('figure', { name: 'Burn chart' })).toBeInTheDocument();
      expect(await dialog.findByText('No chart data.')).toBeInTheDocument();
      await user.click(dialog.getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await user.click(error);
      expect(await screen.findByRole('dialog', { name: /ZZ-9/ })).toHaveTextContent("Unknown kiln 'ZZ-9'.");
    },
  );

  it('on a phone keeps the search in view and lists the other filters by their names', { timeout: 20000 }, async () => {
    windowWidth(390);
    const user = userEvent.setup();
    await logInAs(3);
    serveKilnLogs();
    renderApp('/kiln_logs');
    await screen.findByRole('button', { name: /^CG1-0007/ }, LOADED);
    expect(screen.getByPlaceholderText('Search')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    const names = (await screen.findAllByRole('menuitemcheckbox')).map((item) => item.textContent);
    expect(names).toEqual(['Facility', 'Kiln', 'Kiln Type', 'From', 'To', 'Status', 'Audited', 'Log id']);
  });

  it('sends the chosen filters as the API filter keys', async () => {
    const user = userEvent.setup();
    const fetchMock = await openKilnLogs();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Invalid' }));

    await waitFor(() => expect(sentFilters(fetchMock)).toContainEqual({ status: 'invalid' }), LOADED);
    expect(screen.getByRole('combobox', { name: 'Audited' })).toBeInTheDocument();
  });

  it('exports the filtered list as CSV, formula-like cells neutralised and invalid burns not creditable', { timeout: 15000 }, async () => {
    const user = userEvent.setup();
    await logInAs(3);
    const fetchMock = mockFetch((url) => {
      if (url.startsWith('/api/kilnlogs?')) {
        const hostile = makeKilnLog({ ...LIVE, id: 9, file_name: '=HYPERLINK("http://evil")', valid: false });
        return page([LIVE, hostile], 2);
      }
      if (url === '/api/kiln/registry/list') return json(REGISTRY);
      return json({ message: 'Not found.' }, 404);
    });
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:csv'));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/kiln_logs?filter=%7B%22status%22%3A%22valid%22%7D');
    await screen.findAllByText('CG1-0007', {}, LOADED);

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(click).toHaveBeenCalled(), LOADED);
    // the export asked for the list's own filter
    expect(sentFilters(fetchMock).at(-1)).toEqual({ status: 'valid' });
    const [header, live, hostile] = (await blobs[0].text()).split('\n');
    expect(header.split(',')).toEqual(expect.arrayContaining(['Log ID', 'File Name', 'Creditable', 'CO2 Removed (kg)']));
    // exact kg to the gram (3 decimals), then Audited and the audit's job id (none: not audited)
    expect(header).toContain(',CO2 Removed (kg),Biochar Produced (kg),Audited,Audit Job ID,');
    expect(live).toContain(',Yes,1507.670,618.060,No,,');
    expect(hostile).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(hostile).toContain(',No,1507.670,');
    // the signature state under the API's own names, for a verifier matching rows to keys
    expect(header.split(',').slice(-2)).toEqual(['signed', 'key_fingerprint']);
    expect(live.endsWith(',true,ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12')).toBe(true);
    expect(hostile.split(',').slice(-2)).toEqual(['true', 'ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12']);
    expect((click.mock.contexts[0] as HTMLAnchorElement).getAttribute('download')).toBe('kiln-logs.csv');
  });

  it('takes From/To as YYYY/MM/DD, flags From after To, and clears every filter at once', { timeout: 20000 }, async () => {
    const user = userEvent.setup();
    const fetchMock = await openKilnLogs();
    const from = screen.getByRole('textbox', { name: 'From' });
    const to = screen.getByRole('textbox', { name: 'To' });
    expect(from).toHaveAttribute('placeholder', 'YYYY/MM/DD');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();

    await user.type(from, '2026/03/0');
    expect(screen.getByText('Must be a date written YYYY/MM/DD.')).toBeInTheDocument();
    await user.type(from, '5');
    await waitFor(() => expect(sentFilters(fetchMock)).toContainEqual({ from: '2026-03-05' }), LOADED);

    await user.type(to, '2026/03/01');
    await waitFor(() => expect(screen.getAllByText('From is after To: no log can match.')).toHaveLength(2));
    // shown, though the filter form hides helper texts
    for (const reason of screen.getAllByText('From is after To: no log can match.')) expect(reason).toBeVisible();
    await waitFor(() => expect(sentFilters(fetchMock)).toContainEqual({ from: '2026-03-05', to: '2026-03-01' }), LOADED);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(from).toHaveValue(''));
    expect(to).toHaveValue('');
    expect(screen.queryByText('From is after To: no log can match.')).not.toBeInTheDocument();
    await waitFor(() => expect(sentFilters(fetchMock).at(-1)).toEqual({}), LOADED);
  });

  it("strikes through an invalid burn's CO2 and biochar and says they are not creditable", async () => {
    await logInAs(3);
    const invalid = makeKilnLog({ ...LIVE, id: 5, kiln_id: 'RT-0005', valid: false });
    mockFetch((url) => (url.startsWith('/api/kilnlogs?') ? page([LIVE, invalid]) : registryOr404(url)));
    renderApp('/kiln_logs');
    const row = within((await screen.findByText('RT-0005', {}, LOADED)).closest('tr') as HTMLElement);
    expect(row.getByText('1,507.7').closest('span')).toHaveStyle({ textDecoration: 'line-through' });
    expect(row.getAllByText('(Not creditable: the burn is not valid.)', { exact: false })).toHaveLength(2);
    const valid = within(rowOf('CG1-0007'));
    expect(valid.getByText('1,507.7')).toBeInTheDocument();
    expect(valid.queryByText('(Not creditable: the burn is not valid.)', { exact: false })).not.toBeInTheDocument();
  });

  // three filter changes, each applied after the filter form's 500 ms debounce
  it("clears the kiln filter when another facility is chosen, keeping it for the kiln's own facility", { timeout: 20000 }, async () => {
    const user = userEvent.setup();
    const fetchMock = await openKilnLogs(KILN_REGISTRY);
    const choose = async (filter: string, option: string) => {
      await user.click(screen.getByRole('combobox', { name: filter }));
      await user.click(await screen.findByRole('option', { name: option }));
    };

    await choose('Kiln', 'TX-0003 (KSM)');
    await waitFor(() => expect(sentFilters(fetchMock)).toContainEqual({ kiln: 3 }), LOADED);
    await choose('Facility', 'KSM – Kisumu Biochar');
    await waitFor(() => expect(sentFilters(fetchMock)).toContainEqual({ kiln: 3, facility_id: 2 }), LOADED);

    await choose('Facility', 'NCW – Nairobi Char Works');
    await waitFor(() => expect(sentFilters(fetchMock)).toContainEqual({ facility_id: 1 }), LOADED);
    expect(sentFilters(fetchMock).filter((f) => f.facility_id === 1 && 'kiln' in f)).toEqual([]);
    expect(screen.getByRole('combobox', { name: 'Kiln' })).not.toHaveTextContent('TX-0003');
    // the kiln choices follow the facility at once
    await user.click(screen.getByRole('combobox', { name: 'Kiln' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toContain('CG1-0001 (NCW)');
    expect(options).not.toContain('TX-0003 (KSM)');
  });

  it('says so when there are no logs, and when the list cannot be loaded', { timeout: 20000 }, async () => {
    await logInAs(3);
    mockFetch((url) => (url.startsWith('/api/kilnlogs?') ? page([]) : registryOr404(url)));
    const { unmount } = renderApp('/kiln_logs');
    expect(await screen.findByText('No kiln logs yet.', {}, LOADED)).toBeInTheDocument();
    unmount();

    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch((url) => (url.startsWith('/api/kilnlogs?') ? json({ message: 'Internal server error.' }, 500) : registryOr404(url)));
    renderApp('/kiln_logs');
    expect(await screen.findByText('The kiln logs could not be loaded.', {}, LOADED)).toBeInTheDocument();
    // one clean error state: no table, no pager; Retry loads again
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(/\d+-\d+ of \d+/)).not.toBeInTheDocument();
    mockFetch((url) => (url.startsWith('/api/kilnlogs?') ? page([LIVE]) : registryOr404(url)));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('CG1-0007', {}, LOADED)).toBeInTheDocument();
  });
});

describe('Archived Kiln Logs', { timeout: 15000 }, () => {
  const ARCHIVED = makeKilnLog({
    id: 9,
    kiln_id: 'RT-0003',
    archived_ts: '2026-03-02T10:00:00.000Z',
    delete_after: '2026-05-31T10:00:00.000Z',
  });

  it('states the retention period, shows archive and deletion dates, and restores undoably', { timeout: 20000 }, async () => {
    const user = userEvent.setup();
    await logInAs(3);
    const fetchMock = mockFetch((url, init) => {
      if (url.startsWith('/api/archived_kilnlogs?')) return page([ARCHIVED]);
      if (url === '/api/archived_kilnlogs/retention') return json({ retention_days: 90 });
      if (url === '/api/archived_kilnlogs/9/restore' && init.method === 'POST')
        return json({ ...ARCHIVED, archived_ts: null, delete_after: null });
      return json(REGISTRY);
    });
    renderApp('/archived_kiln_logs');

    expect(
      await screen.findByText('Archived kiln logs are deleted 90 days after archiving unless restored.', {}, LOADED),
    ).toBeInTheDocument();
    const row = within((await screen.findByText('RT-0003', {}, LOADED)).closest('tr') as HTMLElement);
    expect(row.getByText('02-Mar-2026')).toBeInTheDocument();
    expect(row.getByText('31-May-2026')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();

    const restoreSent = () =>
      fetchMock.mock.calls.some(([url, init]) => url === '/api/archived_kilnlogs/9/restore' && init?.method === 'POST');
    await user.click(row.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Kiln log restored.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    // the row leaves at once; the call goes when the notification closes
    await waitFor(() => expect(screen.queryByText('RT-0003')).not.toBeInTheDocument());
    expect(restoreSent()).toBe(false);
    await waitFor(() => expect(restoreSent()).toBe(true), { timeout: 8000 });
  });

  it('offers no Audited filter: an audited burn cannot be archived', async () => {
    await logInAs(3);
    mockFetch((url) => {
      if (url.startsWith('/api/archived_kilnlogs?')) return page([ARCHIVED]);
      if (url === '/api/archived_kilnlogs/retention') return json({ retention_days: 90 });
      return json(REGISTRY);
    });
    renderApp('/archived_kiln_logs');
    await screen.findByText('RT-0003', {}, LOADED);
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Audited' })).not.toBeInTheDocument();
    expect(screen.queryByText('Audited')).not.toBeInTheDocument();
  });

  it('offers no restore to a role without update kilnlog', async () => {
    await logInAs(4, 'facilityadmin');
    mockFetch((url) => {
      if (url.startsWith('/api/archived_kilnlogs?')) return page([ARCHIVED]);
      if (url === '/api/archived_kilnlogs/retention') return json({ retention_days: 1 });
      return json(REGISTRY);
    });
    renderApp('/archived_kiln_logs');
    expect(
      await screen.findByText('Archived kiln logs are deleted 1 day after archiving unless restored.', {}, LOADED),
    ).toBeInTheDocument();
    await screen.findByText('RT-0003', {}, LOADED);
    expect(screen.queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();
  });
});
