import { generateKeyPairSync, sign } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signCheckpoint } from '../../../src/domain/transparency/checkpoint';
import { entryBytes, type TransparencyEntry } from '../../../src/domain/transparency/entries';
import { inclusionProof, interiorHash, leafHash, type Hash } from '../../../src/domain/transparency/merkle';
import TransparencyApp from '../../../src/transparency/TransparencyApp';
import { json, mockFetch } from '../support/renderApp';

afterEach(() => vi.unstubAllGlobals());

const ORIGIN = 'kiln-console.test/transparency';
const ENTRIES: TransparencyEntry[] = [
  {
    kind: 'kilnlog',
    log_id: 1,
    kiln_id: 'CG1-0007',
    sha256: 'a'.repeat(64),
    key_fingerprint: null,
    received_ts: '2026-06-01T08:00:00.000Z',
  },
  {
    kind: 'kilnlog',
    log_id: 2,
    kiln_id: 'CG1-0007',
    sha256: 'b'.repeat(64),
    key_fingerprint: null,
    received_ts: '2026-06-01T09:00:00.000Z',
  },
  {
    kind: 'signoff',
    audit_id: 1,
    job_id: 'JOB-7',
    facility_id: 1,
    manifest_sha256: 'c'.repeat(64),
    signoff_ts: '2026-06-02T10:00:00.000Z',
  },
  {
    kind: 'issuance',
    asset_id: 1,
    transaction_id: 'TX-PUBLIC-1',
    issued_g: 900,
    buffer_g: 100,
    issued_serials: [1, 900],
    buffer_serials: [901, 1000],
    audit_ids: [1],
    minted_ts: '2026-06-03T11:00:00.000Z',
  },
  { kind: 'kilnlog', log_id: 3, kiln_id: null, sha256: 'd'.repeat(64), key_fingerprint: null, received_ts: '2026-06-04T12:00:00.000Z' },
];
const PACKAGE_SHA = 'e'.repeat(64);

/** A log as the server keeps it, built here from RFC 9162's definitions: each subtree's hash from its leaves. */
function testLog(entries: readonly TransparencyEntry[]) {
  const leaves = entries.map((e) => leafHash(entryBytes(e)));
  const subtree = (level: number, index: number): Hash =>
    level === 0 ? leaves[index] : interiorHash(subtree(level - 1, 2 * index), subtree(level - 1, 2 * index + 1));
  const root = (from: number, to: number): Hash => {
    if (to - from === 1) return leaves[from];
    let k = 1;
    while (k * 2 < to - from) k *= 2;
    return interiorHash(root(from, from + k), root(from + k, to));
  };
  return { size: entries.length, root: root(0, entries.length), proof: (index: number) => inclusionProof(index, entries.length, subtree) };
}

function consoleKey() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = new Uint8Array(Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url'));
  return {
    raw,
    pem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    sign: (text: Uint8Array) => new Uint8Array(sign(null, text, privateKey)),
  };
}

const hex = (hash: Uint8Array) => Buffer.from(hash).toString('hex');

type ConsoleKey = ReturnType<typeof consoleKey>;

interface ServedLog {
  signedBy?: ConsoleKey;
  /** the key GET /api/signing-keys lists */
  listed?: ConsoleKey;
  /** an entry's bytes as served: a rewritten store changes them */
  served?: (index: number) => Uint8Array;
}

/** The log's public calls, answered from the test log. */
function serveLog({ signedBy = consoleKey(), listed = signedBy, served = (index) => entryBytes(ENTRIES[index]) }: ServedLog = {}) {
  const log = testLog(ENTRIES);
  const note = signCheckpoint({ origin: ORIGIN, size: log.size, root: log.root }, signedBy.raw, signedBy.sign);
  return mockFetch((url) => {
    const { pathname, searchParams } = new URL(url, 'http://console.test');
    if (pathname === '/api/transparency/checkpoint') return new Response(note, { headers: { 'Content-Type': 'text/plain' } });
    if (pathname === '/api/signing-keys')
      return json({ keys: [{ kid: 'f'.repeat(64), public_key: listed.pem, created_ts: '2026-01-01T00:00:00.000Z', retired_ts: null }] });
    const entry = /^\/api\/transparency\/entries\/(\d+)$/.exec(pathname);
    if (entry) return new Response(new Uint8Array(served(Number(entry[1]))), { headers: { 'Content-Type': 'application/json' } });
    if (pathname === '/api/transparency/proof/inclusion') {
      const index = Number(searchParams.get('index'));
      return json({ leaf_index: index, tree_size: log.size, hashes: log.proof(index).map(hex) });
    }
    if (pathname === '/api/transparency/lookup') {
      const q = searchParams.get('q');
      if (q === PACKAGE_SHA) return json({ index: 2 });
      if (q?.toLowerCase() === 'tx-public-1') return json({ index: 3 });
      return json(
        { message: 'No verification package, manifest or eco asset of this SHA-256 or transaction id is in the transparency log.' },
        404,
      );
    }
    return json({ message: 'unexpected' }, 500);
  });
}

/** /transparency, open without a session: the checkpoint, a box that checks an entry's proof in the browser, and the newest entries. */
describe('the public transparency page', { timeout: 20000 }, () => {
  it('shows the checkpoint checked against the console key, lists the newest entries, and proves an entry a transaction id names', async () => {
    const user = userEvent.setup();
    serveLog();
    render(<TransparencyApp />);
    const checkpoint = await screen.findByRole('region', { name: 'Latest checkpoint' });
    await within(checkpoint).findByText(ORIGIN);
    expect(checkpoint).toHaveTextContent('Entries5');
    expect(checkpoint).toHaveTextContent('Signature checked in this browser');
    expect(checkpoint).toHaveTextContent('f'.repeat(64));

    const latest = screen.getByRole('region', { name: 'Latest entries' });
    const rows = await within(latest).findAllByRole('row');
    // newest first, each by what it records
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['4', '3', '2', '1', '0']);
    expect(rows[2]).toHaveTextContent('Issuance TX-PUBLIC-1');

    await user.type(screen.getByLabelText('Package SHA-256, transaction id or entry index'), ' tx-public-1 {Enter}');
    const result = await screen.findByText(/^Entry 3 is in the log/);
    expect(result).toHaveTextContent('its inclusion proof checks against the checkpoint of 5 entries, in this browser.');
    expect(result.closest('[role="alert"]')).toHaveTextContent('"transaction_id": "TX-PUBLIC-1"');
  });

  it("finds a signoff by its package's SHA-256, and checks an entry from the list by its index", async () => {
    const user = userEvent.setup();
    serveLog();
    render(<TransparencyApp />);
    await user.type(await screen.findByLabelText('Package SHA-256, transaction id or entry index'), `${PACKAGE_SHA}{Enter}`);
    expect(await screen.findByText(/^Entry 2 is in the log/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Check entry 0' }));
    expect(await screen.findByText(/^Entry 0 is in the log/)).toBeInTheDocument();
    expect(screen.getByLabelText('Package SHA-256, transaction id or entry index')).toHaveValue('0');
  });

  it('says so when an entry served does not match the tree the checkpoint signs (a rewritten store)', async () => {
    const user = userEvent.setup();
    const rewritten = { ...ENTRIES[1], sha256: '0'.repeat(64) } as TransparencyEntry;
    serveLog({ served: (index) => entryBytes(index === 1 ? rewritten : ENTRIES[index]) });
    render(<TransparencyApp />);
    await user.type(await screen.findByLabelText('Package SHA-256, transaction id or entry index'), '1{Enter}');
    const alert = await screen.findByText(/^The inclusion proof of entry 1 does not check/);
    expect(alert).toHaveTextContent('The log may have been rewritten');
    expect(screen.queryByText(/^Entry 1 is in the log/)).toBeNull();
  });

  it('refuses a checkpoint no console key signed, and offers no check against it', async () => {
    serveLog({ signedBy: consoleKey(), listed: consoleKey() });
    render(<TransparencyApp />);
    expect(await screen.findByText(/^The checkpoint is not signed by any console key/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Package SHA-256, transaction id or entry index')).toBeNull();
  });

  it('says what to type when the box is empty, when nothing matches, and past the checkpoint', async () => {
    const user = userEvent.setup();
    serveLog();
    render(<TransparencyApp />);
    const box = await screen.findByLabelText('Package SHA-256, transaction id or entry index');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('Type a SHA-256, a transaction id or an entry index.')).toBeInTheDocument();
    await user.type(box, 'TX-NOWHERE{Enter}');
    expect(await screen.findByText('Nothing in the log matches TX-NOWHERE.')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, '#9{Enter}');
    expect(await screen.findByText(/^Entry 9 is not in the checkpoint of 5 entries yet/)).toBeInTheDocument();
  });

  it('checks what a link names (/transparency?q=…) once the checkpoint is in', async () => {
    serveLog();
    window.history.pushState({}, '', `/transparency?q=${PACKAGE_SHA}`);
    try {
      render(<TransparencyApp />);
      expect(await screen.findByText(/^Entry 2 is in the log/)).toBeInTheDocument();
      expect(screen.getByLabelText('Package SHA-256, transaction id or entry index')).toHaveValue(PACKAGE_SHA);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('shows a failed read in place with Retry, which reads it again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const good = serveLog();
    mockFetch((url, init) => (fail && url.includes('checkpoint') ? json({ message: 'down' }, 503) : good(url, init)));
    render(<TransparencyApp />);
    expect(await screen.findByText('The checkpoint could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Signature checked in this browser', { exact: false })).toBeInTheDocument();
  });
});
