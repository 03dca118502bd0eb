import { useMediaQuery, type Theme } from '@mui/material';

/**
 * A phone-sized window (below MUI's sm, 600 px): lists become SimpleList and filters go behind a button.
 * Read on the first render (noSsr): a first desktop render would lay out the wide top menu, then fold it, moving the page.
 */
export const useSmallScreen = (): boolean => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
