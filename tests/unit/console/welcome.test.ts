import { describe, expect, it } from 'vitest';
import { welcomeMessageKey } from '../../../src/domain/welcome';
import { i18nProvider } from '../../../src/providers/i18nProvider';

const sentence = (role: number | null | undefined) => {
  const key = welcomeMessageKey(role);
  return key === null ? null : i18nProvider.translate(key);
};

describe('welcome sentence by role (spec §6, DESIGN §3)', () => {
  it.each([
    [0, 'You have logged in as a super-admin, which lets you administer both users and kiln files.'],
    [1, 'You have logged in as a kiln file uploader, which grants no functionality on the website.'],
    [2, 'You have logged in as a user-admin, which lets you create, update and delete user credentials for the kiln system.'],
    [3, 'You have logged in as a kiln file admin, which lets you view and download kiln files and view related analysis.'],
    [4, 'You have logged in as a facility admin, which lets you manage kilns within your facilities.'],
    [5, 'You have logged in as an eco-asset broker, which lets you review audits and mint eco assets from audited CO2.'],
  ])('role %i', (role, text) => {
    expect(sentence(role)).toBe(text);
  });

  it.each([6, -1, 2.5, 99])('any other role (%s) is unsupported', (role) => {
    expect(sentence(role)).toBe('Unsupported. If you see this message, please contact an administrator.');
  });

  it('says nothing without a token', () => {
    expect(sentence(null)).toBeNull();
    expect(sentence(undefined)).toBeNull();
  });
});
