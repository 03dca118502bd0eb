import { describe, expect, it } from 'vitest';
import { clampPage } from '../../../src/viewer/pages';
import { mimeType } from '../../../src/providers/apiMethods';
import { stepZoom, ZOOM_STEPS } from '../../../src/viewer/zoom';

describe('clampPage', () => {
  it('keeps a page within 1..M', () => {
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(1, 5)).toBe(1);
    expect(clampPage(5, 5)).toBe(5);
  });

  it('stops at the first page going back and at the last going forward', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-3, 5)).toBe(1);
    expect(clampPage(6, 5)).toBe(5);
    expect(clampPage(99, 2)).toBe(2);
  });

  it('answers page 1 while the page count is unknown or nonsense', () => {
    expect(clampPage(4, 0)).toBe(1);
    expect(clampPage(4, Number.NaN)).toBe(1);
    expect(clampPage(Number.NaN, 5)).toBe(1);
  });

  it('makes a whole page number', () => {
    expect(clampPage(2.7, 5)).toBe(2);
    expect(clampPage(3, 4.5)).toBe(3);
    expect(clampPage(Infinity, 5)).toBe(1);
  });
});

describe('mimeType', () => {
  it('reads the type of a Content-Type header without its parameters', () => {
    expect(mimeType('application/pdf')).toBe('application/pdf');
    expect(mimeType('IMAGE/PNG; charset=binary')).toBe('image/png');
    expect(mimeType(null)).toBe('');
  });
});

describe('stepZoom', () => {
  it('steps through the zoom steps and stays at either end', () => {
    expect(ZOOM_STEPS[0]).toBe(1);
    expect(stepZoom(1, 1)).toBe(1.5);
    expect(stepZoom(1.5, 1)).toBe(2);
    expect(stepZoom(2, -1)).toBe(1.5);
    expect(stepZoom(1, -1)).toBe(1);
    expect(stepZoom(3, 1)).toBe(3);
  });
});
