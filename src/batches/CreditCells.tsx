import type { ReactNode } from 'react';
import { Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CreditResultPayload } from '../domain/api/credits';
import type { ConfidenceTag, Methodology } from '../domain/api/methodologies';
import { toKg } from '../domain/carbon';
import {
  creditsAtEndUse,
  eligibilityOf,
  gateCondition,
  hcDistance,
  inputText,
  missingGroups,
  unconfirmed,
  type CreditGateShown,
  type ValueWords,
} from '../domain/methodologies/creditsView';
import { ExactKg } from '../layout/ExactKg';
import { BatchKg } from './BatchCells';

/** What one cell of the side-by-side table is given: a methodology's result and the rulebook it was computed under. */
export interface CreditCellProps {
  result: CreditResultPayload;
  book: Methodology | undefined;
}

export function useValueWords(): ValueWords {
  const translate = useTranslate();
  return {
    yes: translate('batches.credits.yes'),
    no: translate('batches.credits.no'),
    none: translate('batches.credits.none'),
    oneOf: translate('batches.credits.oneOf'),
    noneOf: translate('batches.credits.noneOf'),
  };
}

/** A value the rulebook holds on a source other than the standard's own text. */
export function TagMark({ tag }: { tag: ConfidenceTag }) {
  const translate = useTranslate();
  if (!unconfirmed(tag)) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      component="span"
      label={translate('batches.credits.tag', { tag })}
      title={translate(`batches.credits.tagNames.${tag}`)}
      sx={{ height: 'auto', ml: 0.5, fontSize: '0.75rem', '& .MuiChip-label': { whiteSpace: 'normal', px: 0.75, py: 0.125 } }}
    />
  );
}

function Line({ children, color }: { children: ReactNode; color?: string }) {
  return (
    <Typography variant="body2" component="div" color={color} sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}

/** 'H/C_org below 0.70 failed (0.74, needs < 0.7 molar ratio)' */
export function useGateText(): (gate: CreditGateShown) => string {
  const translate = useTranslate();
  const words = useValueWords();
  return (gate) =>
    translate('batches.credits.failedGate', {
      name: gate.name,
      value: inputText(gate.value, words),
      condition: gateCondition(gate, words) ?? translate('batches.credits.noThreshold'),
    });
}

export function EligibilityCell({ result }: CreditCellProps) {
  const translate = useTranslate();
  const gateText = useGateText();
  const shown = eligibilityOf(result);
  switch (shown.kind) {
    case 'eligible':
      return <Line color="success.main">{translate('batches.credits.eligible')}</Line>;
    case 'failed':
      return <Line color="error.main">{translate('batches.credits.failed', { gates: shown.gates.map(gateText).join('; ') })}</Line>;
    case 'missing':
      return <Line>{translate('batches.credits.missingInputs')}</Line>;
    case 'undecided':
      return <Line>{translate('batches.credits.undecided', { gates: shown.gates.map((g) => g.name).join('; ') })}</Line>;
    case 'notPositive':
      return <Line color="error.main">{translate('batches.credits.notPositive')}</Line>;
  }
}

export function NetCell({ result }: CreditCellProps) {
  const translate = useTranslate();
  if (result.net_co2e_g === null) return <Line>{translate('batches.credits.noFigure')}</Line>;
  return (
    <Typography variant="body1" component="div" sx={{ fontWeight: 500 }}>
      <ExactKg kg={toKg(result.net_co2e_g)} />
    </Typography>
  );
}

export function HcCell({ result, book }: CreditCellProps) {
  const translate = useTranslate();
  const hc = hcDistance(result, book);
  switch (hc.kind) {
    case 'noGate':
      return <Line color="text.secondary">{translate('batches.credits.hcNoGate')}</Line>;
    case 'noValue':
      return <Line>{translate('batches.credits.hcNoValue')}</Line>;
    case 'noThreshold':
      return <Line>{translate('batches.credits.hcNoThreshold', { value: hc.value })}</Line>;
    case 'distance': {
      const key = { below: 'hcBelow', above: 'hcAbove', at: 'hcAt' }[hc.side];
      return (
        <Line color={hc.gate.pass === false ? 'error.main' : undefined}>
          {`${hc.value}: ${translate(`batches.credits.${key}`, { distance: hc.distance, threshold: hc.threshold })}`}
          <TagMark tag={hc.gate.tag} />
        </Line>
      );
    }
  }
}

export function MissingCell({ result }: CreditCellProps) {
  const translate = useTranslate();
  const { evidence, rulebook } = missingGroups(result.missing);
  if (evidence.length === 0 && rulebook.length === 0)
    return <Line color="text.secondary">{translate('batches.credits.nothingMissing')}</Line>;
  return (
    <>
      {evidence.length > 0 && <Line>{translate('batches.credits.needsEvidence', { inputs: evidence.join(', ') })}</Line>}
      {rulebook.length > 0 && <Line>{translate('batches.credits.needsRulebook', { values: rulebook.join(', ') })}</Line>}
    </>
  );
}

export function PendingCell({ result, book }: CreditCellProps) {
  const translate = useTranslate();
  if (result.pending_end_use_g > 0)
    return (
      <Typography variant="body2" component="div">
        <BatchKg grams={result.pending_end_use_g} />
      </Typography>
    );
  return (
    <Line color="text.secondary">
      {translate(creditsAtEndUse(book) ? 'batches.credits.pendingNone' : 'batches.credits.pendingAtProduction')}
    </Line>
  );
}

/** The rows of the side-by-side table, in order: each a label and the cell of one methodology. */
export const CREDIT_ROWS = [
  { key: 'eligibility', label: 'batches.credits.rows.eligibility', Cell: EligibilityCell },
  { key: 'net', label: 'batches.credits.rows.net', Cell: NetCell },
  { key: 'hcOrg', label: 'batches.credits.rows.hcOrg', Cell: HcCell },
  { key: 'missing', label: 'batches.credits.rows.missing', Cell: MissingCell },
  { key: 'pending', label: 'batches.credits.rows.pending', Cell: PendingCell },
] as const;
