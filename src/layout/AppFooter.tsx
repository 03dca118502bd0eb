import { Box, Button, FormControlLabel, Paper, Switch, Typography } from '@mui/material';
import type { InputHTMLAttributes } from 'react';
import { useTranslate } from 'react-admin';
import { FIRST_PAINT_DISMISS, FIRST_PAINT_FLAG } from '../login/prerender/firstPaint';
import { STORAGE_KEYS, usePersistentFlag } from './preferences';

/**
 * The cookie banner (docs/product.md#app-shell), held at the bottom of the window until
 * accepted. Sticky rather than in the footer's flow: a screen whose content
 * arrives after its first paint would otherwise push it, and its Accept button,
 * away from under the reader's finger (a layout shift).
 */
export function CookieBanner() {
  const translate = useTranslate();
  const [accepted, setAccepted] = usePersistentFlag(STORAGE_KEYS.cookiesAccepted);
  if (accepted) return null;
  return (
    <Paper
      role="region"
      aria-label={translate('shell.cookieBanner')}
      elevation={3}
      square
      {...{ [FIRST_PAINT_DISMISS]: '' }}
      sx={{ position: 'sticky', bottom: 0, zIndex: 'appBar', display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1 }}
    >
      <Typography sx={{ flex: 1 }}>{translate('shell.cookieBanner')}</Typography>
      <Button variant="contained" onClick={() => setAccepted(true)} {...{ [FIRST_PAINT_FLAG]: STORAGE_KEYS.cookiesAccepted }}>
        {translate('shell.acceptCookies')}
      </Button>
    </Paper>
  );
}

/** Footer of every screen (docs/product.md#app-shell): the Dark Mode switch. */
export function AppFooter() {
  const translate = useTranslate();
  const [darkMode, setDarkMode] = usePersistentFlag(STORAGE_KEYS.darkMode);
  return (
    <Box component="footer" sx={{ display: 'flex', flexDirection: 'column', gap: 1, px: 2, py: 1, mt: 'auto' }}>
      <FormControlLabel
        control={
          <Switch
            checked={darkMode}
            onChange={(event) => setDarkMode(event.target.checked)}
            slotProps={{ input: { [FIRST_PAINT_FLAG]: STORAGE_KEYS.darkMode } as InputHTMLAttributes<HTMLInputElement> }}
          />
        }
        label={translate('shell.darkMode')}
      />
    </Box>
  );
}
