import { useTranslate } from 'react-admin';
import type { ValidationWidgetState } from '../domain/analysis';
import { FocusTooltip } from '../layout/FocusTooltip';
import { StatusIcon, type StatusIconKind } from './StatusIcon';

const KINDS: Record<ValidationWidgetState, StatusIconKind> = { pass: 'tick', fail: 'cross', notApplicable: 'grey' };

/**
 * docs/product.md#analysis-display-per-burn: grey when the check does not apply, a green
 * tick when it passed, a red cross otherwise. `labels` holds a message key per state.
 */
export function ValidationWidget({ state, labels }: { state: ValidationWidgetState; labels: Record<ValidationWidgetState, string> }) {
  const translate = useTranslate();
  const label = translate(labels[state]);
  return <FocusTooltip title={label}>{(trigger) => <StatusIcon kind={KINDS[state]} label={label} {...trigger} />}</FocusTooltip>;
}
