/** docs/product.md#constants-and-limits: a photo's thumbnail has a longest side of 250 px and is a JPEG at quality 0.8. */
export const THUMBNAIL_MAX_SIDE = 250;
export const THUMBNAIL_JPEG_QUALITY = 0.8;

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The thumbnail size of an image: longest side at most `maxSide`, aspect kept
 * (rounded, never below 1 px), never enlarged.
 */
export function thumbnailSize(source: ImageSize, maxSide = THUMBNAIL_MAX_SIDE): ImageSize {
  const { width, height } = source;
  if (!(width > 0 && height > 0 && Number.isFinite(width) && Number.isFinite(height))) {
    throw new RangeError(`Not an image size: ${width} x ${height}`);
  }
  const scale = Math.min(1, maxSide / Math.max(width, height));
  if (scale === 1) return { width, height };
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** True when an image fits within the thumbnail bound. */
export function fitsThumbnail(size: ImageSize, maxSide = THUMBNAIL_MAX_SIDE): boolean {
  return Math.max(size.width, size.height) <= maxSide;
}
