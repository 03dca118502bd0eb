import { afterEach, describe, expect, it } from 'vitest';
import { PdfChecker } from '../../../mock-server/files/pdfChecker';
import { TINY_PDF } from '../../helpers/configure';
import { pdfBomb } from '../../helpers/pdfBomb';

/** M3 of the 2026-11-25 review: the PDF check runs in a worker thread, bounded in inflated bytes, time and heap. */

const MB = 1024 * 1024;
let checker: PdfChecker | undefined;
afterEach(async () => {
  await checker?.close();
  checker = undefined;
});

describe('PdfChecker', () => {
  it('passes a plain PDF, refuses a bomb by its inflated bytes, and still checks the next PDF', async () => {
    checker = new PdfChecker({ timeoutMs: 20_000, maxInflatedBytes: 2 * MB, memoryMb: 128 });
    await expect(checker.check(TINY_PDF, 'file')).resolves.toBeUndefined();
    await expect(checker.check(pdfBomb(8), 'file')).rejects.toMatchObject({
      status: 400,
      message:
        'file is refused: its compressed objects inflate to more than 2 MB (a decompression bomb?); send a PDF saved without such streams.',
      errors: { file: expect.stringMatching(/^file is refused/) },
    });
    await expect(checker.check(TINY_PDF, 'file')).resolves.toBeUndefined();
  });

  it('refuses a PDF whose check outlasts its time', async () => {
    // a worker cannot even start within 1 ms
    checker = new PdfChecker({ timeoutMs: 1, maxInflatedBytes: 2 * MB, memoryMb: 128 });
    await expect(checker.check(TINY_PDF, 'file')).rejects.toMatchObject({
      status: 400,
      message: 'file took longer than 1 ms to check; send a smaller or simpler PDF.',
    });
  });
});
