import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { parseAnalysis, type AnalysisResult } from '../../../src/domain/analysis';
import { AnalysisDetailPanel, type LogSigning } from '../../../src/kiln-logs/AnalysisDetailPanel';
import { CGO1_ANALYSIS } from '../../helpers/analysisResults';
import { renderInAdmin } from '../support/renderInAdmin';

const panelOf = (analysis: object, signing?: LogSigning) => {
  renderInAdmin(<AnalysisDetailPanel result={parseAnalysis(JSON.stringify(analysis)) as AnalysisResult} kilnType={0} signing={signing} />);
  const row = (label: string) =>
    within(screen.getByRole('rowheader', { name: label }).closest('tr') as HTMLElement).getByRole('cell').textContent;
  return { row };
};

describe('AnalysisDetailPanel: where the figures came from', () => {
  it('shows the algorithm version and the skipped lines of the result', () => {
    const { row } = panelOf({ ...CGO1_ANALYSIS, algorithm_version: '2.0.0', skipped_lines: 3 });
    expect(row('Algorithm version')).toBe('2.0.0');
    expect(row('Skipped lines')).toBe('3');
  });

  it('shows N/A for a result that predates them', () => {
    const { algorithm_version: _version, skipped_lines: _skipped, ...old } = CGO1_ANALYSIS;
    const { row } = panelOf(old);
    expect(row('Algorithm version')).toBe('N/A');
    expect(row('Skipped lines')).toBe('N/A');
  });

  it("shows PHASES_UNCLEAR's sentence among the failed rules", () => {
    const message =
      'The weight rose by more than 5 % at 09:10 and 09:16, both just before the kiln cooled below 350 °C; which one was the quench is unclear.';
    panelOf({ ...CGO1_ANALYSIS, valid: 'false', reasons: [{ code: 'PHASES_UNCLEAR', message }] });
    expect(screen.getByText('Invalid burn')).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent(`Phases unclear: ${message}`);
  });

  it('shows the signing key shortened, in full on hover, and says when the burn is not device-signed', () => {
    const fingerprint = 'ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12';
    const { row } = panelOf(CGO1_ANALYSIS, { signed: true, key_fingerprint: fingerprint });
    expect(row('Kiln key')).toBe('ab12 cd34 ef56 ab12…');
    expect(screen.getByTitle(fingerprint)).toBeInTheDocument();
  });

  it('says an unsigned burn is not device-signed', () => {
    const { row } = panelOf(CGO1_ANALYSIS, { signed: false, key_fingerprint: null });
    expect(row('Kiln key')).toBe('Not device-signed');
  });
});
