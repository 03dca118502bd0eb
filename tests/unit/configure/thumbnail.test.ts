import { describe, expect, it } from 'vitest';
import { fitsThumbnail, THUMBNAIL_MAX_SIDE, thumbnailSize } from '../../../src/domain/thumbnail';

describe('thumbnailSize', () => {
  it.each([
    ['brings the longest side of a landscape photo to 250 px, keeping the aspect', 4000, 3000, 250, 188],
    ['brings the longest side of a landscape photo to 250 px, keeping the aspect', 480, 320, 250, 167],
    ['does the same for a portrait photo', 3000, 4000, 188, 250],
    ['makes a square 250 x 250', 1000, 1000, 250, 250],
    ['never enlarges a small image', 120, 80, 120, 80],
    ['never enlarges a small image', 250, 10, 250, 10],
    ['keeps a very thin image at least 1 px wide', 10000, 5, 250, 1],
  ])('%s: %i x %i becomes %i x %i', (_rule, width, height, fittedWidth, fittedHeight) => {
    expect(thumbnailSize({ width, height })).toEqual({ width: fittedWidth, height: fittedHeight });
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
