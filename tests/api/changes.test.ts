import { describe, expect, it } from 'vitest';
import { bearer, useTestServer } from '../helpers/testServer';
import { sanitizeChangeBody } from '../../mock-server/changes/sanitize';

const api = useTestServer();

describe('GET /api/changes', () => {
  it('gives every logged-in role the Recent Changes, newest first, including the two rules of the change notes', async () => {
    for (const username of ['superadmin', 'uploader', 'useradmin', 'kilnadmin', 'facilityadmin', 'broker']) {
      const res = await api.server.http.get('/api/changes').set(bearer(await api.server.login(username)));
      expect(res.status, username).toBe(200);
      const dates = (res.body as { date: string }[]).map((c) => c.date);
      expect(dates).toEqual([...dates].sort().reverse());
      const text = JSON.stringify(res.body);
      expect(text).toContain('Analysis and archival cannot be triggered for an audited burn.');
      expect(text).toContain('An audit can be done for only one facility at a time.');
    }
  });

  it('sanitises bodies: scripts and handlers never reach the console', () => {
    const clean = sanitizeChangeBody('<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:x">l</a></p>');
    expect(clean).toBe('<p>Hi<a rel="noopener noreferrer" target="_blank">l</a></p>');
  });
});
