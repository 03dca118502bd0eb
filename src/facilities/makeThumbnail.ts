import { THUMBNAIL_JPEG_QUALITY, thumbnailSize } from '../domain/thumbnail';

/**
 * The photo's thumbnail (docs/product.md#upload-validation, docs/product.md#constants-and-limits): longest side 250 px, a JPEG at quality
 * 0.8, drawn on a canvas. Transparent pixels of a PNG become white, as JPEG
 * has no alpha. Rejects when the browser cannot decode the image.
 */
export async function makeThumbnail(photo: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(photo);
  try {
    const { width, height } = thumbnailSize({ width: bitmap.width, height: bitmap.height });
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas to draw the thumbnail on.');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The canvas made no thumbnail.'))),
        'image/jpeg',
        THUMBNAIL_JPEG_QUALITY,
      ),
    );
  } finally {
    bitmap.close();
  }
}
