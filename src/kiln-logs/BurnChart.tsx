/**
 * The burn chart (docs/product.md#constants-and-limits): 650×450, temp 1 and temp 2 in °C and the weight
 * ×10 in kg against the kiln's clock, and what the analysis found (docs/analysis.md#burn-phases): t0, each load with its kg, the quench (and a Terrafix's changeover), the
 * 350 °C line and the time counted above it shaded. The weight has its own
 * right-hand axis, so the temperatures are not squashed under it; both axes
 * start at 0, or lower when the data does. Loaded on demand (React.lazy) so
 * recharts stays out of the list page's first chunk.
 */
import { useMemo } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ReferenceArea, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ChartPoint } from '../domain/api/kilnLogs';
import { axisFloor, type BurnMarks, chartRows, formatChartTime, PYROLYSIS_TEMP_C } from '../domain/chartData';
import { formatNumber } from '../domain/format';
import { CHART_SIZE } from './chartSize';

const formatValue = (value: unknown) => (typeof value === 'number' ? formatNumber(value, 2) : String(value ?? ''));
const formatLabel = (label: unknown) => (typeof label === 'number' ? formatChartTime(label) : String(label ?? ''));

const TEMP_AXIS = 'temp';
const WEIGHT_AXIS = 'weight';

export interface BurnChartProps {
  points: readonly ChartPoint[];
  /** what the analysis found; none for a log without a result */
  marks?: BurnMarks | null;
  /** fill the parent (a full-screen dialog) instead of the spec's 650×450 */
  fill?: boolean;
}

export default function BurnChart({ points, marks = null, fill = false }: BurnChartProps) {
  const translate = useTranslate();
  const { palette } = useTheme();
  const rows = useMemo(() => chartRows(points), [points]);
  const lines = [
    { key: 't1', axis: TEMP_AXIS, name: translate('kilnLogs.chart.temp1'), colour: palette.error.main },
    { key: 't2', axis: TEMP_AXIS, name: translate('kilnLogs.chart.temp2'), colour: palette.warning.main },
    { key: 'w10', axis: WEIGHT_AXIS, name: translate('kilnLogs.chart.weight'), colour: palette.info.main },
  ];
  const markColour = palette.text.secondary;
  const markLabel = (value: string, position: 'insideTopLeft' | 'insideTopRight' | 'insideBottomLeft' = 'insideTopLeft') => ({
    value,
    position,
    fill: palette.text.primary,
    fontSize: 11,
  });

  const chart = (
    <LineChart
      {...(fill ? {} : { width: CHART_SIZE.width, height: CHART_SIZE.height })}
      data={rows}
      margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
    >
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="ts" type="number" scale="time" domain={['dataMin', 'dataMax']} tickFormatter={formatChartTime} />
      <YAxis yAxisId={TEMP_AXIS} domain={[axisFloor, 'auto']} tickCount={9} tickFormatter={(v: number) => formatNumber(v)} />
      <YAxis
        yAxisId={WEIGHT_AXIS}
        orientation="right"
        domain={[axisFloor, 'auto']}
        tickCount={9}
        tickFormatter={(v: number) => formatNumber(v)}
      />
      {marks?.hotSpans.map((span) => (
        <ReferenceArea
          key={`hot-${span.from}`}
          className="burn-mark-hot"
          yAxisId={TEMP_AXIS}
          x1={span.from}
          x2={span.to}
          fill={palette.error.main}
          fillOpacity={0.08}
          ifOverflow="hidden"
        />
      ))}
      <ReferenceLine
        className="burn-mark-pyrolysis"
        yAxisId={TEMP_AXIS}
        y={PYROLYSIS_TEMP_C}
        stroke={palette.error.main}
        strokeDasharray="6 4"
        label={markLabel(translate('kilnLogs.chart.marks.pyrolysis'), 'insideBottomLeft')}
      />
      {marks?.start != null && (
        <ReferenceLine
          className="burn-mark-start"
          yAxisId={TEMP_AXIS}
          x={marks.start}
          stroke={markColour}
          label={markLabel(translate('kilnLogs.chart.marks.start'))}
        />
      )}
      {marks?.loads.map((load) => (
        <ReferenceLine
          key={`load-${load.ts}`}
          className="burn-mark-load"
          yAxisId={TEMP_AXIS}
          x={load.ts}
          stroke={palette.info.main}
          strokeDasharray="2 3"
          label={markLabel(translate('kilnLogs.chart.marks.load', { kg: formatNumber(load.kg, 1) }))}
        />
      ))}
      {marks?.changeover != null && (
        <ReferenceLine
          className="burn-mark-changeover"
          yAxisId={TEMP_AXIS}
          x={marks.changeover}
          stroke={palette.warning.main}
          label={markLabel(translate('kilnLogs.chart.marks.changeover'), 'insideTopRight')}
        />
      )}
      {marks?.end && (
        <ReferenceLine
          className="burn-mark-end"
          yAxisId={TEMP_AXIS}
          x={marks.end.ts}
          stroke={markColour}
          label={markLabel(translate(`kilnLogs.chart.marks.${marks.end.kind}`), 'insideTopRight')}
        />
      )}
      {/* the values in the text colour: a series' own colour (warning orange, info blue) is under 4.5:1 on the paper */}
      <Tooltip
        labelFormatter={formatLabel}
        formatter={formatValue}
        contentStyle={{ backgroundColor: palette.background.paper, color: palette.text.primary }}
        itemStyle={{ color: palette.text.primary }}
      />
      <Legend />
      {lines.map(({ key, axis, name, colour }) => (
        <Line key={key} yAxisId={axis} type="linear" dataKey={key} name={name} stroke={colour} dot={false} isAnimationActive={false} />
      ))}
    </LineChart>
  );
  if (!fill) return chart;
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={CHART_SIZE}>
      {chart}
    </ResponsiveContainer>
  );
}
