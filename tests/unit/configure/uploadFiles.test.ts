import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { displayFileName, inlineDisposition } from '../../../mock-server/files/fileNames';
import { imageSize } from '../../../mock-server/files/imageSize';
import { jpegHeader, pngImage } from '../../helpers/configure';

describe('imageSize', () => {
  it('reads a PNG header', () => {
    expect(imageSize(pngImage(37, 21), 'image/png')).toEqual({ width: 37, height: 21 });
  });

  it('reads a JPEG frame header past other segments', () => {
    expect(imageSize(jpegHeader(4032, 3024), 'image/jpeg')).toEqual({ width: 4032, height: 3024 });
  });

  it('answers null for bytes that are not what they claim', () => {
    expect(imageSize(Buffer.from('not a png at all, really'), 'image/png')).toBeNull();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0x00, 0x00, 0x00]), 'image/jpeg')).toBeNull();
    expect(imageSize(pngImage(2, 2), 'application/pdf')).toBeNull();
  });
});

describe('displayFileName', () => {
  it('keeps an ordinary name', () => {
    expect(displayFileName('Audit statement 2025.pdf')).toBe('Audit statement 2025.pdf');
    expect(displayFileName('Nyeri Kaffee-Röstung.png')).toBe('Nyeri Kaffee-Röstung.png');
  });

  it('drops directories, control and reserved characters and leading dots', () => {
    expect(displayFileName('../../etc/passwd')).toBe('passwd');
    expect(displayFileName('C:\\Users\\me\\scan.jpg')).toBe('scan.jpg');
    expect(displayFileName('a\u0000b\nc<d>e:"f|g?h*.png')).toBe('abcdefgh.png');
    expect(displayFileName('.hidden')).toBe('hidden');
  });

  it('caps the length and falls back when nothing is left', () => {
    expect(displayFileName('x'.repeat(500))).toHaveLength(120);
    expect(displayFileName('///')).toBe('file');
    expect(displayFileName(undefined, 'statement')).toBe('statement');
  });
});

describe('inlineDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(inlineDisposition('Röstung "1".pdf')).toBe(`inline; filename="R_stung _1_.pdf"; filename*=UTF-8''R%C3%B6stung%20%221%22.pdf`);
  });
});

describe('test images', () => {
  it('are detected by content as what they are', async () => {
    expect(await fileTypeFromBuffer(pngImage(3, 3))).toMatchObject({ mime: 'image/png' });
    expect(await fileTypeFromBuffer(jpegHeader(3, 3))).toMatchObject({ mime: 'image/jpeg' });
  });
});
