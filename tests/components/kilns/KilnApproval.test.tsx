import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, logInAs, mockFetch, renderApp } from '../support/renderApp';
import { jsonBody, makeKiln, REGISTRY } from '../support/configure';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LOADED = { timeout: 5000 };
const PENDING = makeKiln({ id: 13, kiln_id: 'CG1-0026', approved_ts: null, approved_by: null });

async function openRegistry(role: 0 | 4) {
  await logInAs(role, role === 0 ? 'superadmin' : 'facilityadmin');
  let approved = false;
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/kiln/registry/list') {
      const pending = approved ? { ...PENDING, approved_ts: '2026-11-25T10:00:00.000Z', approved_by: 1 } : PENDING;
      return json({ ...REGISTRY, kilns: [...REGISTRY.kilns, pending] });
    }
    if (init.method === 'POST' && url === '/api/kiln/registry/approve') {
      approved = true;
      return json({ ...PENDING, approved_ts: '2026-11-25T10:00:00.000Z', approved_by: 1 });
    }
    return json({ message: 'Not found.' }, 404);
  });
  renderApp('/kiln_reg');
  await screen.findByText('CG1-0026', {}, LOADED);
  return { user: userEvent.setup(), fetchMock };
}

const rowOf = (kilnId: string) => within(screen.getByText(kilnId).closest('tr') as HTMLElement);

describe('a pending kiln in the Kiln Registry', { timeout: 30000 }, () => {
  it('is marked Pending for a facility admin, who has no Approve', async () => {
    await openRegistry(4);
    expect(rowOf('CG1-0026').getByText('Pending')).toBeInTheDocument();
    expect(rowOf('CG1-0001').queryByText('Pending')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Approve kiln/ })).not.toBeInTheDocument();
  });

  it('is approved by a super-admin with Approve, on that kiln only, and then shows no mark', async () => {
    const { user, fetchMock } = await openRegistry(0);
    expect(screen.getAllByRole('button', { name: /^Approve kiln/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Approve kiln CG1-0026' }));
    expect(await screen.findByText('Kiln approved: its burns can now be credited.')).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && url === '/api/kiln/registry/approve');
    expect(posts).toHaveLength(1);
    expect(jsonBody(posts[0][1]!)).toEqual({ id: 13 });
    await waitFor(() => expect(rowOf('CG1-0026').queryByText('Pending')).not.toBeInTheDocument());
  });
});
