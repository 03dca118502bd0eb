import { useMediaQuery, type Theme } from '@mui/material';

/** A phone-sized window (below MUI's sm, 600 px): lists become SimpleList and filters go behind a button. */
export const useSmallScreen = (): boolean => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
