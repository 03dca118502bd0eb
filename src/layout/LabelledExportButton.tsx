import { ThemeProvider, type Theme } from '@mui/material';
import { createBreakpoints } from '@mui/system';
import { ExportButton } from 'react-admin';

/**
 * react-admin's Export button with its label on every width: on a phone react-admin
 * shows a bare icon (named only for screen readers), which no one reads as Export.
 * Its small-screen switch asks breakpoints.down('sm'), so the button gets a theme
 * whose sm starts at 0 and the query never matches.
 */
const labelledTheme = (outer: Theme): Theme => ({
  ...outer,
  breakpoints: createBreakpoints({ values: { ...outer.breakpoints.values, xs: 0, sm: 0 } }),
});

export function LabelledExportButton() {
  return (
    <ThemeProvider theme={labelledTheme}>
      <ExportButton />
    </ThemeProvider>
  );
}
