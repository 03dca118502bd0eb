import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

// Greens chosen for WCAG AA: white text on the light primary, dark text on the dark one.
export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: { ...defaultLightTheme.palette, mode: 'light', primary: { main: '#2e6b30' }, secondary: { main: '#5d4037' } },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: { ...defaultDarkTheme.palette, mode: 'dark', primary: { main: '#8fd19e' }, secondary: { main: '#ffcc80' } },
};
