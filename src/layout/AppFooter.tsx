import { Box, Button, FormControlLabel, Paper, Switch, Typography } from '@mui/material';
import { useLayoutEffect, useRef, type InputHTMLAttributes } from 'react';
import { useTranslate } from 'react-admin';
import { FIRST_PAINT_DISMISS, FIRST_PAINT_FLAG } from '../login/prerender/firstPaint';
import { STORAGE_KEYS, usePersistentFlag } from './preferences';

/**
 * The cookie banner (docs/product.md#app-shell), held at the bottom of the window until
 * accepted. Sticky rather than in the footer's flow: a screen whose content
 * arrives after its first paint would otherwise push it, and its Accept button,
 * away from under the reader's finger (a layout shift). What else sticks to the
 * window's bottom edge (Propose Audit's selection bar) sits above it, at
 * BANNER_HEIGHT_VAR, so the banner covers nothing.
 */
export function CookieBanner() {
  const translate = useTranslate();
  const [accepted, setAccepted] = usePersistentFlag(STORAGE_KEYS.cookiesAccepted);
  if (accepted) return null;
  return (
    <BannerPaper onAccept={() => setAccepted(true)} label={translate('shell.cookieBanner')} accept={translate('shell.acceptCookies')} />
  );
}

/** The CSS variable holding the cookie banner's height while it shows (0 without it). */
export const BANNER_HEIGHT_VAR = '--kc-cookie-banner-height';

/** `bottom` for a bar that sticks to the window's bottom edge: above the cookie banner while it shows. */
export const aboveCookieBanner = `var(${BANNER_HEIGHT_VAR}, 0px)`;

function BannerPaper({ onAccept, label, accept }: { onAccept: () => void; label: string; accept: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const banner = ref.current;
    if (!banner) return;
    const root = document.documentElement.style;
    const reserve = () => root.setProperty(BANNER_HEIGHT_VAR, `${banner.offsetHeight}px`);
    reserve();
    // as useElementWidth: where there is no ResizeObserver the height measured once stands
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
    observer?.observe(banner);
    return () => {
      observer?.disconnect();
      root.removeProperty(BANNER_HEIGHT_VAR);
    };
  }, []);
  return (
    <Paper
      ref={ref}
      role="region"
      aria-label={label}
      elevation={3}
      square
      {...{ [FIRST_PAINT_DISMISS]: '' }}
      sx={{ position: 'sticky', bottom: 0, zIndex: 'appBar', display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1 }}
    >
      <Typography sx={{ flex: 1 }}>{label}</Typography>
      <Button variant="contained" onClick={onAccept} {...{ [FIRST_PAINT_FLAG]: STORAGE_KEYS.cookiesAccepted }}>
        {accept}
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
