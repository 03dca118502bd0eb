import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { displayFileName, inlineDisposition } from '../../../mock-server/files/fileNames';
import { jpegHeader, pngImage } from '../../helpers/configure';

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
