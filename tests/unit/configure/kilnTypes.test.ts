import { describe, expect, it } from 'vitest';
import { isKilnType, kilnTypeInfo } from '../../../src/domain/kilnTypes';

describe('kilnTypeInfo', () => {
  it.each([
    [0, 'C-Go-1', 'green'],
    [1, 'Retort', 'blue'],
    [2, 'Terrafix', 'red'],
  ])('%i is %s with a %s tag', (code, label, tag) => {
    expect(kilnTypeInfo(code)).toMatchObject({ code, label, tag });
    expect(isKilnType(code)).toBe(true);
  });

  it.each([3, -1, null, undefined, '0', 1.5])('%s is Unknown with a warning tag', (value) => {
    expect(kilnTypeInfo(value)).toMatchObject({ code: null, label: 'Unknown', tag: 'warning', chipColor: 'warning' });
    expect(isKilnType(value)).toBe(false);
  });
});
