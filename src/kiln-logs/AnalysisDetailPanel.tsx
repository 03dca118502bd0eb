import { Box, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { analysisFields, type AnalysisResult } from '../domain/analysis';
import type { KilnLog } from '../domain/api/kilnLogs';
import type { KilnTypeCode } from '../domain/kilnTypes';
import { shortFingerprint } from '../domain/kilnKeys';

/** How a log was signed, as the detail panel shows it. */
export type LogSigning = Pick<KilnLog, 'signed' | 'key_fingerprint'>;

/**
 * The hover panel of an analysed burn: every figure with its unit, which
 * algorithm computed it and how many unreadable lines it skipped, then the
 * failed rules' sentences (PHASES_UNCLEAR's says what was ambiguous).
 */
export function AnalysisDetailPanel({
  result,
  kilnType,
  signing,
}: {
  result: AnalysisResult;
  kilnType: KilnTypeCode;
  signing?: LogSigning;
}) {
  const translate = useTranslate();
  const fields = analysisFields(result, kilnType);
  return (
    <Box sx={{ p: 1.5, minWidth: 300 }}>
      <Typography variant="subtitle2" component="p" color={result.valid ? 'success.main' : 'error.main'}>
        {translate(result.valid ? 'kilnLogs.analysis.valid' : 'kilnLogs.analysis.invalid')}
      </Typography>
      <Table size="small" aria-label={translate('kilnLogs.columns.analysis')}>
        <TableBody>
          {[...fields, ...provenance(result)].map(({ name, label, value }) => (
            <TableRow key={name}>
              <TableCell component="th" scope="row" sx={{ pl: 0 }}>
                {translate(label)}
              </TableCell>
              <TableCell align="right" sx={{ pr: 0, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {value ?? translate('kilnLogs.analysis.notAvailable')}
              </TableCell>
            </TableRow>
          ))}
          {signing && <KeyRow signing={signing} />}
        </TableBody>
      </Table>
      {result.reasons.length > 0 && <FailedRules reasons={result.reasons} />}
    </Box>
  );
}

/** Where the figures came from (docs/analysis.md#algorithm-versions): the algorithm's version and the lines it skipped. */
function provenance(result: AnalysisResult): { name: string; label: string; value: string | null }[] {
  return [
    { name: 'algorithm_version', label: 'kilnLogs.analysis.algorithmVersion', value: result.algorithmVersion },
    {
      name: 'skipped_lines',
      label: 'kilnLogs.analysis.skippedLines',
      value: result.skippedLines === null ? null : String(result.skippedLines),
    },
  ];
}

/** The kiln key that signed the burn: its fingerprint shortened, in full on hover (title). */
function KeyRow({ signing }: { signing: LogSigning }) {
  const translate = useTranslate();
  const fingerprint = signing.signed ? signing.key_fingerprint : null;
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ pl: 0 }}>
        {translate('kilnLogs.signed.key')}
      </TableCell>
      <TableCell align="right" sx={{ pr: 0, fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        {fingerprint ? (
          <span title={fingerprint} aria-label={fingerprint}>
            {shortFingerprint(fingerprint)}
          </span>
        ) : (
          translate('kilnLogs.signed.no')
        )}
      </TableCell>
    </TableRow>
  );
}

function FailedRules({ reasons }: { reasons: AnalysisResult['reasons'] }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 1.5, maxWidth: 420 }}>
      <Typography variant="subtitle2" component="p">
        {translate('kilnLogs.analysis.failedRules')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {reasons.map((reason, i) => (
          <Typography component="li" variant="body2" key={`${reason.code}-${i}`}>
            {reason.code && <strong>{translate(`kilnLogs.analysis.reasons.${reason.code}`, { _: reason.code })}: </strong>}
            {reason.message}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
