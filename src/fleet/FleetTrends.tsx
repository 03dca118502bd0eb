import { useMemo } from 'react';
import { Box, Typography, useTheme } from '@mui/material';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslate } from 'react-admin';
import type { FleetBurn } from '../domain/api/fleet';
import { formatDate } from '../domain/dates';
import { invalidReasons, trendPoints, type TrendPoint } from '../domain/fleet/trends';

const SERIES: { key: keyof TrendPoint; label: string }[] = [
  { key: 'burns', label: 'fleet.trends.burns' },
  { key: 'yieldPct', label: 'fleet.trends.yield' },
  { key: 'durationH', label: 'fleet.trends.duration' },
  { key: 'co2Kg', label: 'fleet.trends.co2' },
  { key: 'invalidPct', label: 'fleet.trends.invalid' },
];

/** One small chart per measure, week by week (downsampled to at most 80 points), and the reasons burns were invalid. */
export function FleetTrends({ burns }: { burns: readonly FleetBurn[] }) {
  const translate = useTranslate();
  const theme = useTheme();
  const points = useMemo(() => trendPoints(burns), [burns]);
  const reasons = useMemo(() => invalidReasons(burns), [burns]);
  return (
    <section aria-labelledby="fleet-trends-heading">
      <Typography id="fleet-trends-heading" variant="h6" component="h2">
        {translate('fleet.trends.heading')}
      </Typography>
      {points.length === 0 ? (
        <Typography>{translate('fleet.trends.empty')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          {SERIES.map(({ key, label }) => (
            <Box key={key} sx={{ height: 180, minWidth: 0 }} role="img" aria-label={translate(label)}>
              <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 400, height: 180 }}>
                <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="week" tick={{ fontSize: 11 }} minTickGap={24} tickFormatter={(week: string) => formatDate(week)} />
                  <YAxis tick={{ fontSize: 11 }} width={40} />
                  <Tooltip labelFormatter={(week) => formatDate(String(week))} />
                  <Legend />
                  <Line
                    type="linear"
                    dataKey={key}
                    name={translate(label)}
                    stroke={theme.palette.primary.main}
                    dot={false}
                    isAnimationActive={false}
                    connectNulls
                  />
                </LineChart>
              </ResponsiveContainer>
            </Box>
          ))}
        </Box>
      )}
      {reasons.length > 0 && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate('fleet.trends.reasons')}: {reasons.map((r) => `${r.code} ${r.count}`).join(', ')}
        </Typography>
      )}
    </section>
  );
}
