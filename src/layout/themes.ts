import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

// Greens chosen for WCAG AA: white text on the light primary, dark text on the dark one.
// Error reds chosen for WCAG AA where a field in error shows its label: on
// react-admin's filled input greys, in every state. MUI's defaults fall short
// there: #d32f2f is 4.06:1 to 4.57:1 on the light greys, #f44336 3.04:1 to
// 3.48:1 on the dark ones. #c62828 (red 800) gives 4.59:1 on the hovered light
// grey and 5.62:1 on white; #ef9a9a (red 200) 5.21:1 on the hovered dark grey.
export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    mode: 'light',
    primary: { main: '#2e6b30' },
    secondary: { main: '#5d4037' },
    error: { main: '#c62828' },
  },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: {
    ...defaultDarkTheme.palette,
    mode: 'dark',
    primary: { main: '#8fd19e' },
    secondary: { main: '#ffcc80' },
    error: { main: '#ef9a9a' },
  },
};
