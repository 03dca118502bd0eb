import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

// react-admin's row checkbox (DatagridRow in ra-ui-materialui 5.15) gives its aria-label to MUI's root span, where
// axe refuses it (aria-prohibited-attr) and the input stays unnamed (label): the name moves to the input
type CheckboxState = { 'aria-label'?: string };
const unlabelledRoot = (state: CheckboxState) => (state['aria-label'] ? { 'aria-label': undefined } : {});
const labelledInput = (state: CheckboxState) => (state['aria-label'] ? { 'aria-label': state['aria-label'] } : {});

/** react-admin's theme of a mode with the console's colours. */
const consoleTheme = (base: RaThemeOptions, mode: 'light' | 'dark', primary: string, secondary: string, error: string): RaThemeOptions => ({
  ...base,
  palette: { ...base.palette, mode, primary: { main: primary }, secondary: { main: secondary }, error: { main: error } },
  components: { ...base.components, MuiCheckbox: { defaultProps: { slotProps: { root: unlabelledRoot, input: labelledInput } } } },
});

// Greens chosen for WCAG AA: white text on the light primary, dark text on the dark one.
// Error reds chosen for WCAG AA where a field in error shows its label: on
// react-admin's filled input greys, in every state. MUI's defaults fall short
// there: #d32f2f is 4.06:1 to 4.57:1 on the light greys, #f44336 3.04:1 to
// 3.48:1 on the dark ones. #c62828 (red 800) gives 4.59:1 on the hovered light
// grey and 5.62:1 on white; #ef9a9a (red 200) 5.21:1 on the hovered dark grey.
export const lightTheme = consoleTheme(defaultLightTheme, 'light', '#2e6b30', '#5d4037', '#c62828');

export const darkTheme = consoleTheme(defaultDarkTheme, 'dark', '#8fd19e', '#ffcc80', '#ef9a9a');
