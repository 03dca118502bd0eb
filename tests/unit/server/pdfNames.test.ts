import { describe, expect, it } from 'vitest';
import { pdfNameText } from '../../../mock-server/files/pdfCheck';

describe('pdfNameText (L1 of the 2026-11-25 review)', () => {
  it.each([
    ['/JS', 'JS'],
    ['#4aS', 'JS'],
    ['#4AS', 'JS'],
    ['/#4aavaScript', 'JavaScript'],
    ['#4caunch', 'Launch'],
    ['J#53', 'JS'],
    ['Type', 'Type'],
    // not an escape: left as it is
    ['A#zz', 'A#zz'],
  ])('reads %s as %s', (text, name) => {
    expect(pdfNameText(text)).toBe(name);
  });
});
