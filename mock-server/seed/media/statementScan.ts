import { Raster, seededRandom, type Rgb } from './raster';

const PAPER: Rgb = [248, 246, 240];
const INK: Rgb = [40, 40, 52];
const STAMP: Rgb = [36, 84, 170];

/**
 * A scanned one-page audit statement (A4 proportions): letterhead, lines of
 * "text", a figures table, a signature and the auditor's round stamp.
 */
export function drawStatementScan(width: number, seed: number): Raster {
  const height = Math.round(width * Math.SQRT2);
  const r = new Raster(width, height, PAPER);
  const random = seededRandom(seed);
  const s = width / 600;
  const margin = 56 * s;
  r.fillRect(margin, 48 * s, width - 2 * margin, 34 * s, [30, 70, 50]);
  r.fillRect(margin, 100 * s, 260 * s, 12 * s, INK, 0.9);
  let y = 150 * s;
  for (let paragraph = 0; paragraph < 4; paragraph++) {
    const lines = 3 + Math.floor(random() * 3);
    for (let line = 0; line < lines; line++) {
      const length = line === lines - 1 ? 0.35 + random() * 0.4 : 0.92 + random() * 0.08;
      r.fillRect(margin, y, (width - 2 * margin) * length, 6 * s, INK, 0.55);
      y += 16 * s;
    }
    y += 18 * s;
  }
  for (let row = 0; row < 5; row++) {
    r.fillRect(margin, y, width - 2 * margin, 1.5 * s, INK, 0.5);
    for (let col = 0; col < 3; col++) r.fillRect(margin + col * 170 * s + 6 * s, y + 8 * s, (60 + random() * 60) * s, 6 * s, INK, 0.6);
    y += 26 * s;
  }
  const baseline = height - 150 * s;
  for (let t = 0; t < 1; t += 0.002) {
    const x = margin + t * 200 * s;
    r.fillCircle(x, baseline - Math.sin(t * 22) * 12 * s * (1 - t) - Math.sin(t * 7) * 6 * s, 1.4 * s, INK, 0.9, 0.8);
  }
  r.fillRect(margin, baseline + 22 * s, 220 * s, 1.5 * s, INK, 0.7);
  r.ring(width - margin - 70 * s, baseline - 10 * s, 58 * s, 5 * s, STAMP, 0.75);
  r.ring(width - margin - 70 * s, baseline - 10 * s, 44 * s, 2 * s, STAMP, 0.75);
  r.fillRect(width - margin - 110 * s, baseline - 16 * s, 80 * s, 10 * s, STAMP, 0.7);
  return r;
}
