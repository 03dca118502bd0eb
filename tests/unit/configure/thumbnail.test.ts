import { describe, expect, it } from 'vitest';
import { fitsThumbnail, THUMBNAIL_MAX_SIDE, thumbnailSize } from '../../../src/domain/thumbnail';

describe('thumbnailSize', () => {
  it('brings the longest side of a landscape photo to 250 px, keeping the aspect', () => {
    expect(thumbnailSize({ width: 4000, height: 3000 })).toEqual({ width: 250, height: 188 });
    expect(thumbnailSize({ width: 480, height: 320 })).toEqual({ width: 250, height: 167 });
  });

  it('does the same for a portrait photo', () => {
    expect(thumbnailSize({ width: 3000, height: 4000 })).toEqual({ width: 188, height: 250 });
  });

  it('makes a square 250 x 250', () => {
    expect(thumbnailSize({ width: 1000, height: 1000 })).toEqual({ width: 250, height: 250 });
  });

  it('never enlarges a small image', () => {
    expect(thumbnailSize({ width: 120, height: 80 })).toEqual({ width: 120, height: 80 });
    expect(thumbnailSize({ width: 250, height: 10 })).toEqual({ width: 250, height: 10 });
  });

  it('keeps a very thin image at least 1 px wide', () => {
    expect(thumbnailSize({ width: 10000, height: 5 })).toEqual({ width: 250, height: 1 });
  });

  it('takes another bound', () => {
    expect(thumbnailSize({ width: 800, height: 600 }, 100)).toEqual({ width: 100, height: 75 });
  });

  it('refuses sizes that are not an image', () => {
    expect(() => thumbnailSize({ width: 0, height: 10 })).toThrow(RangeError);
    expect(() => thumbnailSize({ width: NaN, height: 10 })).toThrow(RangeError);
  });

  it('always fits the bound it makes', () => {
    for (const [w, h] of [
      [4032, 3024],
      [1, 9999],
      [251, 251],
      [3000, 2001],
    ]) {
      expect(fitsThumbnail(thumbnailSize({ width: w, height: h }))).toBe(true);
    }
    expect(fitsThumbnail({ width: THUMBNAIL_MAX_SIDE + 1, height: 10 })).toBe(false);
  });
});
