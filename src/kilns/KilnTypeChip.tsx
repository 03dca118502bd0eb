import { Chip } from '@mui/material';
import { getContrastRatio, type Theme } from '@mui/material/styles';
import { kilnTypeInfo, type KilnTypeChipColor } from '../domain/kilnTypes';

const WHITE = '#fff';
const BLACK = 'rgba(0, 0, 0, 0.87)';

/**
 * MUI's default info and warning fills carry white text below WCAG AA (3.9:1,
 * 3.2:1): the tag takes the deeper shade in light mode and whichever of white
 * or black text contrasts more, keeping the spec's hues.
 */
function tagColours(theme: Theme, color: KilnTypeChipColor) {
  const palette = theme.palette[color];
  const background = theme.palette.mode === 'light' ? palette.dark : palette.main;
  const text = getContrastRatio(background, WHITE) >= getContrastRatio(background, BLACK) ? WHITE : BLACK;
  return { bgcolor: background, color: text };
}

/** The coloured kiln-type tag (docs/product.md#kiln-types): C-Go-1 green, Retort blue, Terrafix red, anything else Unknown in warning colour. */
export function KilnTypeChip({ type }: { type: unknown }) {
  const { label, chipColor } = kilnTypeInfo(type);
  return <Chip size="small" label={label} color={chipColor} sx={(theme) => tagColours(theme, chipColor)} />;
}
