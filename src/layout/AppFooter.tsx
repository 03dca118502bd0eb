import { Box, Button, FormControlLabel, Paper, Switch, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { STORAGE_KEYS, usePersistentFlag } from './preferences';

function CookieBanner() {
  const translate = useTranslate();
  const [accepted, setAccepted] = usePersistentFlag(STORAGE_KEYS.cookiesAccepted);
  if (accepted) return null;
  return (
    <Paper
      role="region"
      aria-label={translate('shell.cookieBanner')}
      elevation={3}
      sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1 }}
    >
      <Typography sx={{ flex: 1 }}>{translate('shell.cookieBanner')}</Typography>
      <Button variant="contained" onClick={() => setAccepted(true)}>
        {translate('shell.acceptCookies')}
      </Button>
    </Paper>
  );
}

/** Footer of every screen (spec §2 App shell): the Dark Mode switch and the cookie banner. */
export function AppFooter() {
  const translate = useTranslate();
  const [darkMode, setDarkMode] = usePersistentFlag(STORAGE_KEYS.darkMode);
  return (
    <Box component="footer" sx={{ display: 'flex', flexDirection: 'column', gap: 1, px: 2, py: 1, mt: 'auto' }}>
      <CookieBanner />
      <FormControlLabel
        control={<Switch checked={darkMode} onChange={(event) => setDarkMode(event.target.checked)} />}
        label={translate('shell.darkMode')}
      />
    </Box>
  );
}
