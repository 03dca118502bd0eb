import { describe, expect, it } from 'vitest';
import { en } from '../../../src/i18n/en';

function flatten(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(flatten);
  return [];
}

const catalogue = new Set(flatten(en));

// Texts the specification quotes for the foundation's screens, letter by letter.
const SPEC_TEXTS = [
  'Kiln Console',
  'Loading...',
  'Oops! Sorry, an unexpected error has occurred.',
  'We use cookies to improve your experience.',
  'Accept',
  'Dark Mode',
  'Login',
  'Enter your username.',
  'Your secret password to authenticate.',
  'Authentication Failure',
  'Credentials provided were incorrect. Please try again.',
  'You have logged in as a kiln file uploader, which grants no functionality on the website.',
  'Unsupported. If you see this message, please contact an administrator.',
  'Recent Changes',
  'User Profile',
  'Password',
  'Repeat Password',
  'Passwords match!',
  'Not matched',
  'Update Password',
  'Password successfully updated. Please log out and login.',
  'Error persisting user.',
  'Bad request, please check your inputs.',
  'Unknown server error. Try again later or contact support.',
  'Home',
  'Profile',
  'Configure',
  'Facilities',
  'Kilns',
  'Users',
  'Admin',
  'Analyse',
  'Kiln Logs',
  'Archived Kiln Logs',
  'Audit',
  'Propose Audit',
  'Carbon Removals',
  'Audit History',
  'Eco Assets',
  'Review Eco Assets',
  'Minting',
  'Logout',
];

describe('message catalogue', () => {
  it.each(SPEC_TEXTS)('holds the spec text %j exactly', (text) => {
    expect(catalogue.has(text)).toBe(true);
  });

  it('has no empty or untrimmed texts', () => {
    for (const text of catalogue) {
      expect(text.trim()).toBe(text);
      expect(text.length).toBeGreaterThan(0);
    }
  });
});
