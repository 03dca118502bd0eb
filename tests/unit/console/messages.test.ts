import { describe, expect, it } from 'vitest';
import { en } from '../../../src/i18n/en';

function flatten(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(flatten);
  return [];
}

const catalogue = new Set(flatten(en));

// Texts the specification quotes for the screens built so far, letter by letter.
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
  // Configure (Kiln Registry, Facilities, viewer)
  'Kiln Registry',
  'New Kiln',
  'Kiln ID',
  'Facility',
  'Kiln Type',
  'Install Date',
  'Last Update',
  'Actions',
  'Edit',
  'Kiln',
  'The unique ID for the kiln - must match that which the kiln identifies with.',
  'Type of kiln - this will impact the choice of analysis algorithm used.',
  'C-Go-1 Per g Weight',
  'C-Go-1 Zero Weight',
  'Terrafix Per g Weight',
  'New Facility',
  'No Audit',
  'View Audit',
  'Error retrieving kiln registry.',
  'An unknown error occurred retrieving the kiln registry. Please try again later.',
  'Error persisting kiln.',
  'Error retrieving pdf/image data',
  'Error retrieving facilities.',
  'Error uploading photo.',
  'Bad request.',
  'Server error. Try again later or contact support.',
  'Error persisting facility.',
  'Error uploading audit. Please contact us if this persists.',
  'Audit successfully recorded.',
  'Failed to load PDF file.',
  'Loading PDF…',
  'No PDF file specified.',
  // Analyse
  'Unknown kiln type.',
  'temp 1 (°C)',
  'temp 2 (°C)',
  'weight x10 (kg)',
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
