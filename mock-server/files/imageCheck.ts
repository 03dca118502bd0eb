import sharp from 'sharp';
import type { ImageSize } from '../../src/domain/thumbnail';
import { fieldError } from '../http/errors';

/**
 * The most pixels an uploaded image may have: 50 megapixels, above any phone
 * or camera photo a facility would send (docs/security.md, "Image bombs").
 * Decoding a bigger one would take far more memory than its bytes suggest.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

// one image at a time and no cache: uploads are rare, memory is shared
sharp.concurrency(1);
sharp.cache(false);

const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' } as const;

/**
 * The size of an uploaded PNG or JPEG after checking, with libvips (sharp),
 * that it is within the pixel limit and decodes to its last row; 400 naming
 * the field otherwise. The header is read first, so a header claiming a
 * huge image is refused before anything is decoded.
 */
export async function checkedImageSize(bytes: Buffer, field: string): Promise<ImageSize> {
  let size: ImageSize;
  try {
    // the header alone: the size is compared below, so the refusal can say it
    const { width, height } = await sharp(bytes, { limitInputPixels: false, failOn: 'none' }).metadata();
    size = { width, height };
  } catch {
    throw fieldError(field, `${field} is not an image that can be opened.`);
  }
  if (size.width * size.height > MAX_IMAGE_PIXELS) {
    throw fieldError(
      field,
      `${field} has ${size.width} × ${size.height} pixels; at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are accepted.`,
    );
  }
  try {
    // decoding into a tiny thumbnail reads every row without holding the whole image
    await sharp(bytes, { ...options, sequentialRead: true })
      .resize(32, 32, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    throw fieldError(field, `${field} is not an image that can be opened.`);
  }
  return size;
}
