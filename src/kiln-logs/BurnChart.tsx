/**
 * The burn chart (spec §9): 650×450, temp 1 and temp 2 in °C and the weight
 * ×10 in kg against the kiln's clock. Loaded on demand (React.lazy) so
 * recharts stays out of the list page's first chunk.
 */
import { useMemo } from 'react';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ChartPoint } from '../domain/api/kilnLogs';
import { chartRows, formatChartTime } from '../domain/chartData';
import { formatNumber } from '../domain/format';
import { CHART_SIZE } from './chartSize';


const formatValue = (value: unknown) => (typeof value === 'number' ? formatNumber(value, 2) : String(value ?? ''));
const formatLabel = (label: unknown) => (typeof label === 'number' ? formatChartTime(label) : String(label ?? ''));

export default function BurnChart({ points }: { points: readonly ChartPoint[] }) {
  const translate = useTranslate();
  const { palette } = useTheme();
  const rows = useMemo(() => chartRows(points), [points]);
  const lines = [
    { key: 't1', name: translate('kilnLogs.chart.temp1'), colour: palette.error.main },
    { key: 't2', name: translate('kilnLogs.chart.temp2'), colour: palette.warning.main },
    { key: 'w10', name: translate('kilnLogs.chart.weight'), colour: palette.info.main },
  ];
  return (
    <LineChart width={CHART_SIZE.width} height={CHART_SIZE.height} data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="ts" type="number" scale="time" domain={['dataMin', 'dataMax']} tickFormatter={formatChartTime} />
      <YAxis tickCount={9} tickFormatter={(v: number) => formatNumber(v)} />
      <Tooltip labelFormatter={formatLabel} formatter={formatValue} />
      <Legend />
      {lines.map(({ key, name, colour }) => (
        <Line key={key} type="linear" dataKey={key} name={name} stroke={colour} dot={false} isAnimationActive={false} />
      ))}
    </LineChart>
  );
}
