/**
 * The kiln type enumeration (docs/product.md#kiln-types): 0 C-Go-1 (green tag), 1 Retort (blue),
 * 2 Terrafix (red); any other value is Unknown (warning tag).
 */

export const KILN_TYPES = { CGO1: 0, RETORT: 1, TERRAFIX: 2 } as const;

export type KilnTypeCode = (typeof KILN_TYPES)[keyof typeof KILN_TYPES];

/** The tag colour named by the spec, and the MUI palette colour that draws it. */
export type KilnTypeTag = 'green' | 'blue' | 'red' | 'warning';
export type KilnTypeChipColor = 'success' | 'info' | 'error' | 'warning';

export interface KilnTypeInfo {
  /** the numeric code, or null for an unknown one */
  code: KilnTypeCode | null;
  label: string;
  tag: KilnTypeTag;
  chipColor: KilnTypeChipColor;
}

export const KNOWN_KILN_TYPES: readonly KilnTypeInfo[] = [
  { code: KILN_TYPES.CGO1, label: 'C-Go-1', tag: 'green', chipColor: 'success' },
  { code: KILN_TYPES.RETORT, label: 'Retort', tag: 'blue', chipColor: 'info' },
  { code: KILN_TYPES.TERRAFIX, label: 'Terrafix', tag: 'red', chipColor: 'error' },
];

export const UNKNOWN_KILN_TYPE: KilnTypeInfo = { code: null, label: 'Unknown', tag: 'warning', chipColor: 'warning' };

export function isKilnType(value: unknown): value is KilnTypeCode {
  return KNOWN_KILN_TYPES.some((t) => t.code === value);
}

/** The label and tag colour for any value, Unknown for anything but 0, 1 and 2. */
export function kilnTypeInfo(value: unknown): KilnTypeInfo {
  return KNOWN_KILN_TYPES.find((t) => t.code === value) ?? UNKNOWN_KILN_TYPE;
}
