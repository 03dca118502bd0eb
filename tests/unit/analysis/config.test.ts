import {
  KILN_CONFIG_MISSING_CGO1,
  KILN_CONFIG_MISSING_TERRAFIX,
  kilnTypeOf,
  resolveCalibration,
  resolveFacility,
  UNKNOWN_KILN_TYPE_MESSAGE,
} from '../../../mock-server/analysis/config';
import { KILN_TYPE, type KilnInput } from '../../../mock-server/analysis';

describe('kilnTypeOf', () => {
  it('knows the three kiln types, as numbers or numeric strings, and nothing else', () => {
    expect([0, 1, 2, '0', '1', ' 2 '].map((type) => kilnTypeOf({ type }))).toEqual([0, 1, 2, 0, 1, 2]);
    for (const type of [3, -1, 0.5, '', '  ', 'C-Go-1', null, undefined]) expect(kilnTypeOf({ type })).toBeNull();
  });
});

describe('resolveCalibration', () => {
  const cgo1 = (config: KilnInput['config']) => resolveCalibration({ type: KILN_TYPE.CGO1, config });
  const terrafix = (config: KilnInput['config']) => resolveCalibration({ type: KILN_TYPE.TERRAFIX, config });

  it('names an unknown kiln type', () => {
    expect(resolveCalibration({ type: 5, config: { cgo1: { per_g_weight: 1, zero_weight: 0 } } })).toEqual({
      error_message: UNKNOWN_KILN_TYPE_MESSAGE,
    });
  });

  it('needs no config for a Retort (its scale reports kg)', () => {
    expect(resolveCalibration({ type: KILN_TYPE.RETORT })).toEqual({ type: KILN_TYPE.RETORT });
  });

  it('reads a C-Go-1 load cell from an object or a JSON string, numbers as strings included', () => {
    expect(cgo1({ cgo1: { per_g_weight: 2.5, zero_weight: -30 } })).toEqual({ type: 0, zero_weight: -30, per_g_weight: 2.5 });
    expect(cgo1(JSON.stringify({ cgo1: { per_g_weight: '0.5', zero_weight: '0' } }))).toEqual({
      type: 0,
      zero_weight: 0,
      per_g_weight: 0.5,
    });
  });

  it.each([
    ['no config', null],
    ['unreadable JSON', '{"cgo1":'],
    ['JSON that is not an object', '42'],
    ['JSON null', 'null'],
    ['per_g_weight 0', { cgo1: { per_g_weight: 0, zero_weight: 0 } }],
    ['per_g_weight below 0', { cgo1: { per_g_weight: -1, zero_weight: 0 } }],
    ['per_g_weight infinite', { cgo1: { per_g_weight: 'Infinity', zero_weight: 0 } }],
    ['per_g_weight blank', { cgo1: { per_g_weight: ' ', zero_weight: 0 } }],
    ['zero_weight missing', { cgo1: { per_g_weight: 1 } }],
    ['zero_weight blank', { cgo1: { per_g_weight: 1, zero_weight: '' } }],
    ['zero_weight infinite', { cgo1: { per_g_weight: 1, zero_weight: '-Infinity' } }],
    ['zero_weight not a number', { cgo1: { per_g_weight: 1, zero_weight: 'abc' } }],
  ] as [string, KilnInput['config']][])('says a C-Go-1 config is missing with %s', (_case, config) => {
    expect(cgo1(config)).toEqual({ error_message: KILN_CONFIG_MISSING_CGO1 });
  });

  it('reads a Terrafix load cell, which needs no zero (it tares itself)', () => {
    expect(terrafix({ terrafix: { per_g_weight: 1.8 } })).toEqual({ type: 2, per_g_weight: 1.8 });
    expect(terrafix(JSON.stringify({ terrafix: { per_g_weight: '3' } }))).toEqual({ type: 2, per_g_weight: 3 });
  });

  it.each([
    ['no config', null],
    ['only a C-Go-1 config', { cgo1: { per_g_weight: 1, zero_weight: 0 } }],
    ['per_g_weight 0', { terrafix: { per_g_weight: 0 } }],
    ['per_g_weight infinite', { terrafix: { per_g_weight: Infinity } }],
  ] as [string, KilnInput['config']][])('says a Terrafix config is missing with %s', (_case, config) => {
    expect(terrafix(config)).toEqual({ error_message: KILN_CONFIG_MISSING_TERRAFIX });
  });
});

describe('resolveFacility', () => {
  const DEFAULTS = {
    box: { latitude_min: -90, latitude_max: 90, longitude_min: -180, longitude_max: 180 },
    wicf: 0.35,
    carbon_removal_factor: 2.44,
  };

  it('reads the box and the C-Go-1 factors, from numbers or numeric strings', () => {
    expect(
      resolveFacility({
        latitude_min: -1.5,
        latitude_max: '-1.1',
        longitude_min: 36.6,
        longitude_max: '37',
        kiln_type_config: JSON.stringify({ cgo1: { wicf: '0.3', carbonRemovalFactor: 2.5 } }),
      }),
    ).toEqual({
      box: { latitude_min: -1.5, latitude_max: -1.1, longitude_min: 36.6, longitude_max: 37 },
      wicf: 0.3,
      carbon_removal_factor: 2.5,
    });
  });

  it('falls back to the spec defaults for anything missing, blank or unreadable', () => {
    expect(resolveFacility({})).toEqual(DEFAULTS);
    expect(
      resolveFacility({ latitude_min: ' ', latitude_max: '', longitude_min: 'west', longitude_max: null, kiln_type_config: '{oops' }),
    ).toEqual(DEFAULTS);
    expect(resolveFacility({ kiln_type_config: { cgo1: { wicf: 'Infinity', carbonRemovalFactor: '' } } })).toEqual(DEFAULTS);
    expect(resolveFacility({ kiln_type_config: { cgo1: null } })).toEqual(DEFAULTS);
  });

  it('keeps a factor of 0 (a real setting, not a missing one)', () => {
    expect(resolveFacility({ latitude_min: 0, kiln_type_config: { cgo1: { wicf: 0, carbonRemovalFactor: '0' } } })).toMatchObject({
      box: { latitude_min: 0 },
      wicf: 0,
      carbon_removal_factor: 0,
    });
  });
});
