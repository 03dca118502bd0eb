import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, logInAs, mockFetch, renderApp } from './renderApp';
import { jsonBody } from './configure';
import { FACILITY_LIST } from '../../helpers/facilities';
import type { FacilityChange } from '../../../src/domain/api/configure';

/** Facilities opened by a super-admin (0) or a facility admin (4): `list` served, NCW's trail `trail`, every write accepted. */
export async function openFacilitiesAs(role: 0 | 4, { list = FACILITY_LIST, trail = [] as FacilityChange[] } = {}) {
  await logInAs(role, role === 0 ? 'superadmin' : 'facilityadmin');
  const fetchMock = mockFetch((url, init) => {
    if (url.startsWith('/api/facilities?')) return json(list);
    if (url === '/api/facility/1/changes') return json(trail);
    if (init.method === 'POST') return json({ status: 1 });
    return json({ message: 'Not found.' }, 404);
  });
  renderApp('/facilities');
  await screen.findByText('Nairobi Char Works', {}, { timeout: 5000 });
  return { user: userEvent.setup(), fetchMock };
}

/** The body of the one facility edit sent. */
export function editedFacility(fetchMock: ReturnType<typeof mockFetch>): Record<string, unknown> {
  const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/facility/edit')!;
  return jsonBody(init!) as Record<string, unknown>;
}
