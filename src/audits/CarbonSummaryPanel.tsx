import { useState } from 'react';
import {
  Box,
  FormControlLabel,
  Paper,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { carbonSummaryRows, type CarbonGrouping } from '../domain/audits/carbonSummary';
import type { ApiDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';
import { TableHeadings, type TableHeading } from '../layout/TableHeadings';
import { ExactKgCell, RoundedFromGrams } from '../layout/ExactKg';
import { FigureCells } from '../layout/FigureCells';
import { formatCarbon } from '../domain/carbon';
import { ONLY_LOGGED } from '../layout/failures';
import { RetryAlert } from '../layout/RetryAlert';

/** the figures' columns, after the grouping's own */
const CARBON_HEADINGS: readonly TableHeading[] = [
  { label: 'audits.carbon.auditedCo2', figure: true },
  { label: 'audits.carbon.utilisedCo2', figure: true },
  { label: 'audits.carbon.auditedBiochar', figure: true },
];

export interface CarbonSummaryPanelProps {
  /** message key of the heading */
  title: string;
  /** one facility's months only; null: every facility */
  facilityId: number | null;
  /** the groupings offered, the first chosen at start */
  groupings: readonly CarbonGrouping[];
}

/**
 * A carbon summary (docs/product.md#carbon-summary): audited CO2, utilised CO2 and audited biochar
 * grouped as chosen, kg with 1 decimal, optionally with a Total row. A failed
 * fetch is only logged; the table then reads 'No audited co2.' (docs/product.md#error-catalogue),
 * with Retry.
 */
export function CarbonSummaryPanel({ title, facilityId, groupings }: CarbonSummaryPanelProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const [grouping, setGrouping] = useState<CarbonGrouping>(groupings[0]);
  const [withTotal, setWithTotal] = useState(false);
  const summary = useQuery({ queryKey: queryKeys.getCo2Summary, queryFn: () => dataProvider.getCo2Summary() });

  const facilities = (summary.data?.facilities ?? []).filter((f) => facilityId === null || f.id === facilityId);
  // failed, the table is empty: its one row says so, with Retry (and logs the failure)
  const rows = summary.isPending || summary.error ? [] : carbonSummaryRows(facilities, grouping, withTotal);
  const headingId = `carbon-summary-${title}`;

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="h6" component="h2" id={headingId}>
        {translate(title)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        {groupings.length > 1 && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={grouping}
            aria-label={translate('audits.carbon.grouping')}
            onChange={(_, value: CarbonGrouping | null) => value && setGrouping(value)}
          >
            {groupings.map((g) => (
              <ToggleButton key={g} value={g}>
                {translate(`audits.carbon.${g}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
        {grouping !== 'total' && (
          <FormControlLabel
            control={<Switch checked={withTotal} onChange={(event) => setWithTotal(event.target.checked)} />}
            label={translate('audits.carbon.showTotal')}
          />
        )}
      </Box>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-labelledby={headingId}>
          <TableHeadings
            columns={[{ label: grouping === 'facility' ? 'audits.carbon.facility' : 'audits.carbon.label' }, ...CARBON_HEADINGS]}
          />
          <TableBody>
            {rows.map((row, index) => (
              // two facilities may share a name: the position keeps keys apart
              <TableRow
                key={`${index}-${row.label}`}
                sx={row.total && grouping !== 'total' ? { '& td': { fontWeight: 'bold' } } : undefined}
              >
                <TableCell>{row.total ? translate('audits.carbon.total') : row.label}</TableCell>
                {/* a total beside rounded rows: its exact kg on hover and focus */}
                {row.total ? (
                  [row.audited_co2, row.utilised_co2, row.audited_biochar].map((kg, i) => <ExactKgCell key={i} kg={kg} />)
                ) : (
                  <FigureCells figures={[row.audited_co2, row.utilised_co2, row.audited_biochar].map((kg) => formatCarbon(kg, 'figure'))} />
                )}
              </TableRow>
            ))}
            {!summary.isPending && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>
                  {summary.error ? (
                    <RetryAlert message="audits.carbon.empty" query={summary} failure={ONLY_LOGGED} />
                  ) : (
                    translate('audits.carbon.empty')
                  )}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {rows.length > 0 && <RoundedFromGrams />}
      <Typography variant="caption" color="text.secondary" component="p">
        {translate('audits.carbon.utilisedHelp')}
      </Typography>
    </Box>
  );
}
