/**
 * Exact rational arithmetic for the credit computations (issue 44): every
 * rulebook constant and evidence value enters as the rational its decimal
 * text writes (0.049 is 49/1000, never the double nearest it), and a figure
 * is rounded once, at the end. ln and exp, which no rational gives, are taken
 * in bigint fixed point to 10^-40, the same on every machine. Pure.
 */

export interface Q {
  /** numerator; the denominator is positive and the fraction reduced */
  n: bigint;
  d: bigint;
}

const abs = (x: bigint) => (x < 0n ? -x : x);
function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

export function q(n: bigint | number, d: bigint | number = 1n): Q {
  let num = BigInt(n);
  let den = BigInt(d);
  if (den === 0n) throw new RangeError('division by zero');
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den) || 1n;
  return { n: num / g, d: den / g };
}

export const ZERO = q(0);
export const ONE = q(1);

/** The rational a finite number's shortest decimal text writes: 0.049 → 49/1000, 1e-7 → 1/10^7. */
export function fromDecimal(value: number): Q {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const [mantissa, exponent = '0'] = String(Math.abs(value)).toLowerCase().split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  const scale = fraction.length - Number(exponent);
  const digits = BigInt(whole + fraction) * (value < 0 ? -1n : 1n);
  return scale >= 0 ? q(digits, 10n ** BigInt(scale)) : q(digits * 10n ** BigInt(-scale));
}

export const add = (a: Q, b: Q): Q => q(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Q, b: Q): Q => q(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Q, b: Q): Q => q(a.n * b.n, a.d * b.d);
export const div = (a: Q, b: Q): Q => q(a.n * b.d, a.d * b.n);
export const sum = (values: readonly Q[]): Q => values.reduce(add, ZERO);
/** -1, 0 or 1 as a is below, equal to or above b */
export const cmp = (a: Q, b: Q): number => {
  const diff = a.n * b.d - b.n * a.d;
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
};
export const min = (a: Q, b: Q): Q => (cmp(a, b) <= 0 ? a : b);
export const max = (a: Q, b: Q): Q => (cmp(a, b) >= 0 ? a : b);
export const clamp = (x: Q, lo: Q, hi: Q): Q => max(lo, min(hi, x));

/** Half away from zero to a whole number: the console's one rounding rule for grams (src/domain/carbon.ts toGrams). */
export function roundHalfAway(x: Q): bigint {
  const whole = abs(x.n) / x.d;
  const rest = abs(x.n) % x.d;
  const rounded = 2n * rest >= x.d ? whole + 1n : whole;
  return x.n < 0n ? -rounded : rounded;
}

/** The decimal text of x to `digits` decimals, rounded half away from zero: 2.4475 at 3 → '2.448'. */
export function toFixed(x: Q, digits: number): string {
  const scale = 10n ** BigInt(digits);
  const units = roundHalfAway(mul(x, q(scale)));
  const sign = units < 0n ? '-' : '';
  const text = abs(units)
    .toString()
    .padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

// fixed point for ln and exp: 10^50 inside, rounded to 10^40 on the way out
const WORK = 10n ** 50n;
const OUT = 10n ** 40n;
const fixed = (x: Q): bigint => (x.n * WORK) / x.d;
const out = (units: bigint): Q => q((units * OUT) / WORK, OUT);

/** 2·atanh(z) in fixed point, |z| ≤ 1/3 */
function twoAtanh(z: bigint): bigint {
  const z2 = (z * z) / WORK;
  let term = z;
  let total = 0n;
  for (let i = 1n; term !== 0n; i += 2n) {
    total += term / i;
    term = (term * z2) / WORK;
  }
  return 2n * total;
}

const LN2 = twoAtanh(WORK / 3n);

/** ln x for a positive rational, to 10^-40. */
export function ln(x: Q): Q {
  if (x.n <= 0n) throw new RangeError('ln of a number not above 0');
  // x = 2^k · y with y in [1, 2)
  let k = x.n.toString(2).length - x.d.toString(2).length;
  let y = k >= 0 ? q(x.n, x.d << BigInt(k)) : q(x.n << BigInt(-k), x.d);
  if (cmp(y, ONE) < 0) {
    y = mul(y, q(2));
    k -= 1;
  }
  const z = fixed(div(sub(y, ONE), add(y, ONE)));
  return out(BigInt(k) * LN2 + twoAtanh(z));
}

/** e^x for a rational, to 10^-40 (relative, for large x). */
export function exp(x: Q): Q {
  if (x.n < 0n) return div(ONE, exp(q(-x.n, x.d)));
  // e^x = (e^(x / 2^r))^(2^r) with x / 2^r below 1/2^8
  let r = 0;
  while (cmp(x, q(1n << BigInt(r), 256n)) > 0) r += 1;
  const reduced = fixed(q(x.n, x.d << BigInt(r)));
  let term = WORK;
  let total = 0n;
  for (let i = 1n; term !== 0n; i += 1n) {
    total += term;
    term = (term * reduced) / WORK / i;
  }
  // squared in fixed point, rounded each time: the digits never grow
  for (let i = 0; i < r; i += 1) total = (total * total) / WORK;
  return out(total);
}
