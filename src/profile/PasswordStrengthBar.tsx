import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MEDIUM_LENGTH, STRENGTH_NAMES, STRONG_LENGTH, strengthPercent, type StrengthLevel } from '../domain/passwordStrength';

const BAR_COLOURS = ['error', 'warning', 'info', 'success'] as const;

/** The strength bar (docs/product.md#password-change): 33 % per level, full at Strong, with the level's name, and the rule it measures under it. */
export function PasswordStrengthBar({ level }: { level: StrengthLevel }) {
  const translate = useTranslate();
  const label = translate(`profile.${STRENGTH_NAMES[level]}`);
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <LinearProgress
          variant="determinate"
          value={strengthPercent(level)}
          color={BAR_COLOURS[level]}
          aria-label={translate('profile.strength')}
          aria-valuetext={label}
          sx={{ flex: 1, height: 8, borderRadius: 4 }}
        />
        <Typography sx={{ minWidth: 80 }}>{label}</Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {translate('profile.rule', { medium: MEDIUM_LENGTH, strong: STRONG_LENGTH })}
      </Typography>
    </Box>
  );
}
