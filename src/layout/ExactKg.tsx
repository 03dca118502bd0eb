import { Box, TableCell, Tooltip, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useTranslate } from 'react-admin';
import { formatCarbon, type CarbonPrecision } from '../domain/carbon';

/**
 * A total in kg as the one rounding rule shows it, with its exact kg (to the
 * gram) on hover and on keyboard focus, and said to screen readers: a total
 * rounded from exact grams need not equal the sum of its rounded rows.
 */
export function ExactKg({ kg, precision = 'figure' }: { kg: number; precision?: CarbonPrecision }) {
  const translate = useTranslate();
  const exact = translate('audits.carbon.exactKg', { kg: formatCarbon(kg, 'exact') });
  return (
    <Tooltip title={exact}>
      <Box
        component="span"
        tabIndex={0}
        data-exact-kg={formatCarbon(kg, 'exact')}
        sx={{ textDecoration: 'underline dotted', cursor: 'help' }}
      >
        {formatCarbon(kg, precision)}
        <Box component="span" sx={visuallyHidden}>
          {` (${exact})`}
        </Box>
      </Box>
    </Tooltip>
  );
}

/** ExactKg in a right-aligned table cell. */
export function ExactKgCell({ kg, precision }: { kg: number; precision?: CarbonPrecision }) {
  return (
    <TableCell align="right">
      <ExactKg kg={kg} precision={precision} />
    </TableCell>
  );
}

/** The sentence beside totals that may not foot to their rounded rows. */
export function RoundedFromGrams() {
  const translate = useTranslate();
  return (
    <Typography variant="caption" color="text.secondary" component="p">
      {translate('audits.carbon.roundedNote')}
    </Typography>
  );
}
