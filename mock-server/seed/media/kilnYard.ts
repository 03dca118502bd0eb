import { mix, Raster, seededRandom, type Rgb } from './raster';

/** The colours and randomness of one facility's yard picture. */
export interface Landscape {
  skyTop: Rgb;
  skyBottom: Rgb;
  hills: Rgb;
  ground: Rgb;
  seed: number;
}

export const LANDSCAPES = {
  savanna: { skyTop: [86, 146, 214], skyBottom: [236, 214, 170], hills: [122, 128, 86], ground: [176, 138, 84], seed: 7 },
  rift: { skyTop: [70, 130, 200], skyBottom: [225, 225, 205], hills: [96, 120, 82], ground: [150, 112, 72], seed: 11 },
  highland: { skyTop: [110, 150, 190], skyBottom: [220, 228, 232], hills: [58, 96, 62], ground: [92, 120, 64], seed: 23 },
  riverina: { skyTop: [64, 136, 222], skyBottom: [240, 226, 196], hills: [140, 134, 92], ground: [196, 170, 110], seed: 31 },
} as const satisfies Record<string, Landscape>;

const STEEL_LIGHT: Rgb = [150, 150, 146];
const STEEL_DARK: Rgb = [46, 46, 48];
const GLOW: Rgb = [255, 150, 40];
const SMOKE: Rgb = [210, 210, 214];
const CHAR: Rgb = [28, 26, 26];
const WOOD: Rgb = [120, 84, 48];

/** A cone kiln (wider at the base) centred at cx, its shading lighter on the sunlit left. */
function drawKiln(r: Raster, cx: number, top: number, bottom: number, topHalf: number, bottomHalf: number): void {
  for (let y = Math.floor(top); y < bottom; y++) {
    const half = topHalf + (bottomHalf - topHalf) * ((y - top) / (bottom - top));
    for (let x = Math.floor(cx - half); x <= cx + half; x++) {
      r.set(x, y, mix(STEEL_LIGHT, STEEL_DARK, (x - cx + half) / (2 * half)), 1);
    }
  }
  const rimHeight = Math.max(2, topHalf * 0.28);
  for (let x = Math.floor(cx - topHalf); x <= cx + topHalf; x++) {
    const depth = rimHeight * Math.sqrt(Math.max(0, 1 - ((x - cx) / topHalf) ** 2));
    for (let y = Math.floor(top - depth); y <= top + depth; y++) r.set(x, y, y < top ? GLOW : STEEL_DARK, y < top ? 0.9 : 1);
  }
}

/**
 * A kiln yard at any size (the same picture at photo and thumbnail size):
 * sky, sun, hills, ground, two cone kilns with smoke, a biochar and a wood pile.
 */
export function drawKilnYard(width: number, height: number, land: Landscape): Raster {
  const r = new Raster(width, height);
  const s = height / 320;
  const hillLine = (u: number) => 0.5 + 0.045 * Math.sin(u * 5.1 + land.seed) + 0.02 * Math.sin(u * 13.7 + land.seed * 2);
  const groundLine = (u: number) => 0.63 + 0.012 * Math.sin(u * 3.3 + land.seed);
  const grain = seededRandom(land.seed);
  const noise = Array.from({ length: 4096 }, () => grain() - 0.5);
  r.paint((x, y) => {
    const u = x / width;
    const v = y / height;
    if (v < hillLine(u)) return mix(land.skyTop, land.skyBottom, v / hillLine(u));
    if (v < groundLine(u)) return mix(land.hills, land.skyBottom, 0.25 * (1 - (v - hillLine(u)) / 0.15));
    const n = noise[(Math.floor(x / s) * 31 + Math.floor(y / s) * 17) & 4095] * 28;
    const base = mix(land.ground, [60, 48, 36], (v - 0.63) * 0.9);
    return [base[0] + n, base[1] + n, base[2] + n * 0.6];
  });
  r.fillCircle(width * 0.82, height * 0.16, 20 * s, [255, 244, 214], 0.9, 12 * s);

  const smoke = seededRandom(land.seed * 7);
  const kilns = [
    { cx: width * 0.4, top: height * 0.5, bottom: height * 0.84, topHalf: 30 * s, bottomHalf: 52 * s },
    { cx: width * 0.68, top: height * 0.56, bottom: height * 0.76, topHalf: 17 * s, bottomHalf: 30 * s },
  ];
  for (const k of kilns) {
    for (let i = 0; i < 9; i++) {
      const rise = i * 13 * s * (k.topHalf / (30 * s));
      r.fillCircle(
        k.cx + i * 5 * s + (smoke() - 0.5) * 8 * s,
        k.top - rise - 6 * s,
        (8 + i * 2.4) * s * (k.topHalf / (30 * s)),
        SMOKE,
        0.28 - i * 0.025,
        6 * s,
      );
    }
    drawKiln(r, k.cx, k.top, k.bottom, k.topHalf, k.bottomHalf);
  }
  r.fillCircle(width * 0.13, height * 1.02, 48 * s, CHAR, 1, 2 * s);
  for (let i = 0; i < 14; i++)
    r.fillRect(
      width * 0.78 + (i % 5) * 14 * s,
      height * (0.8 + Math.floor(i / 5) * 0.04),
      40 * s,
      7 * s,
      mix(WOOD, [160, 120, 70], (i % 3) / 3),
    );
  return r;
}
