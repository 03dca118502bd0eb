export type Rgb = readonly [number, number, number];

/** An RGB pixel canvas with the few drawing operations the seed pictures need. */
export class Raster {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb = [255, 255, 255],
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.paint(() => background);
  }

  /** Sets every pixel from a function of its position. */
  paint(shade: (x: number, y: number) => Rgb): void {
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) this.set(x, y, shade(x, y), 1);
    }
  }

  /** Mixes a colour into one pixel; alpha 1 replaces it. */
  set(x: number, y: number, color: Rgb, alpha: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || alpha <= 0) return;
    const i = (Math.floor(y) * this.width + Math.floor(x)) * 3;
    const a = Math.min(1, alpha);
    for (let c = 0; c < 3; c++) this.pixels[i + c] = Math.round(this.pixels[i + c] * (1 - a) + color[c] * a);
  }

  fillRect(x: number, y: number, w: number, h: number, color: Rgb, alpha = 1): void {
    for (let py = Math.max(0, Math.floor(y)); py < Math.min(this.height, y + h); py++) {
      for (let px = Math.max(0, Math.floor(x)); px < Math.min(this.width, x + w); px++) this.set(px, py, color, alpha);
    }
  }

  /** A disc whose edge fades over `soft` pixels (0: hard edge). */
  fillCircle(cx: number, cy: number, r: number, color: Rgb, alpha = 1, soft = 1): void {
    const reach = r + soft;
    for (let py = Math.floor(cy - reach); py <= cy + reach; py++) {
      for (let px = Math.floor(cx - reach); px <= cx + reach; px++) {
        const d = Math.hypot(px + 0.5 - cx, py + 0.5 - cy);
        const edge = soft > 0 ? Math.min(1, Math.max(0, (reach - d) / soft)) : d <= r ? 1 : 0;
        this.set(px, py, color, alpha * edge);
      }
    }
  }

  /** A ring of the given thickness. */
  ring(cx: number, cy: number, r: number, thickness: number, color: Rgb, alpha = 1): void {
    for (let py = Math.floor(cy - r - thickness); py <= cy + r + thickness; py++) {
      for (let px = Math.floor(cx - r - thickness); px <= cx + r + thickness; px++) {
        const d = Math.abs(Math.hypot(px + 0.5 - cx, py + 0.5 - cy) - r);
        this.set(px, py, color, alpha * Math.min(1, Math.max(0, thickness / 2 + 0.5 - d)));
      }
    }
  }
}

/** A small deterministic pseudo-random generator (mulberry32), so seed pictures are the same every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
