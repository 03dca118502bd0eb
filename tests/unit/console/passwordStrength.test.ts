import { describe, expect, it } from 'vitest';
import { canUpdatePassword, characterClassCount, passwordStrength, strengthPercent } from '../../../src/domain/passwordStrength';

describe('password strength (spec §5)', () => {
  it('counts the four classes: lowercase, uppercase, digit, symbol', () => {
    expect(characterClassCount('abc')).toBe(1);
    expect(characterClassCount('abcDEF')).toBe(2);
    expect(characterClassCount('abcDEF12')).toBe(3);
    expect(characterClassCount('abcDEF12!')).toBe(4);
    expect(characterClassCount('')).toBe(0);
  });

  it.each([
    ['', 0],
    ['abcdefgh', 0], // one class, length 8
    ['abcD123', 0], // three classes, length 7
    ['abcdefg1', 1], // two classes, length 8
    ['Abcdef1!x', 1], // four classes, length 9
    ['abcdefgh12XY', 1], // three classes, length 12
    ['Abcdef12!x', 2], // four classes, length 10
    ['Abcdef12!xy', 2], // four classes, length 11
    ['Abcdef12!xyz', 3], // four classes, length 12
    ['Kiln-Demo-2026!', 3],
  ])('%j is level %i', (password, level) => {
    expect(passwordStrength(password)).toBe(level);
  });

  it('fills the bar 33 % per level and 100 % at Strong', () => {
    expect([0, 1, 2, 3].map((level) => strengthPercent(level as 0 | 1 | 2 | 3))).toEqual([0, 33, 66, 100]);
  });

  it('allows Update only when the entries match and the level is above Weak', () => {
    expect(canUpdatePassword('Abcdef12!x', 'Abcdef12!x')).toBe(true);
    expect(canUpdatePassword('Abcdef12!xyz', 'Abcdef12!xyz')).toBe(true);
    expect(canUpdatePassword('Abcdef12!x', 'Abcdef12!y')).toBe(false);
    expect(canUpdatePassword('abcdefg1', 'abcdefg1')).toBe(false);
    expect(canUpdatePassword('', '')).toBe(false);
  });
});
