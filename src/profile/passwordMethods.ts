import { apiFetch } from '../providers/httpClient';

/** Data provider methods for changing one's own password (spec §7). */
export const passwordMethods = {
  /** POST /api/user/{username}/update; resolves on {status: 1}; rejects with an HttpError (or an Error when the server answers another status). */
  async updatePassword(username: string, pass: string): Promise<{ status: number }> {
    const { json } = await apiFetch(`/user/${encodeURIComponent(username)}/update`, {
      method: 'POST',
      body: JSON.stringify({ pass }),
    });
    const result = json as { status?: unknown } | null;
    if (result?.status !== 1) throw new Error('The server did not confirm the password update.');
    return { status: 1 };
  },
};
