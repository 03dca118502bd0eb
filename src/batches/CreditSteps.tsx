import { Box, List, ListItem, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { gateCondition, inputText, stepConstants, stepValueText, tablesRead } from '../domain/methodologies/creditsView';
import { TagMark, useValueWords, type CreditCellProps } from './CreditCells';

const MONO = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

/** One methodology's computation, expanded: its gates, its steps (formula, inputs, value) and the tables it reads, each value not from the standard's own text marked. */
export function CreditSteps({ result, book, headingLevel }: CreditCellProps & { headingLevel: 'h3' | 'h4' }) {
  const translate = useTranslate();
  const words = useValueWords();
  const sub = headingLevel === 'h3' ? 'h4' : 'h5';
  const tables = tablesRead(book);
  const gateState = (pass: boolean | null, recorded: boolean) =>
    translate(
      !recorded
        ? 'batches.credits.notRecorded'
        : pass === true
          ? 'batches.credits.pass'
          : pass === false
            ? 'batches.credits.fail'
            : 'batches.credits.undecidedGate',
    );
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      {result.gates.length > 0 && (
        <Box component="section">
          <Typography variant="subtitle2" component={sub}>
            {translate('batches.credits.gates')}
          </Typography>
          <List dense disablePadding>
            {result.gates.map((g) => (
              <ListItem key={g.id} disableGutters sx={{ display: 'block' }}>
                <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
                  {`${g.name}: ${inputText(g.value, words)} (${gateCondition(g, words) ?? translate('batches.credits.noThreshold')}) — ${gateState(g.pass, g.recorded)}`}
                  <TagMark tag={g.tag} />
                </Typography>
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      <Box component="section">
        <Typography variant="subtitle2" component={sub}>
          {translate('batches.credits.steps')}
        </Typography>
        {result.steps.length === 0 && <Typography variant="body2">{translate('batches.credits.noSteps')}</Typography>}
        <List dense disablePadding component="ol">
          {result.steps.map((step) => {
            const tagged = new Map(stepConstants(step, book).map((c) => [c.key, c.tag]));
            const inputs = Object.entries(step.inputs);
            return (
              <ListItem
                key={step.id}
                disableGutters
                divider
                sx={{ display: 'block' }}
                data-testid={`step-${result.methodology}-${step.id}`}
              >
                <Typography variant="body2" component="div" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {step.id}
                </Typography>
                <Typography variant="body2" component="div" sx={MONO}>
                  {step.formula}
                </Typography>
                {inputs.length > 0 && (
                  <Typography variant="body2" component="div" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {`${translate('batches.credits.inputs')}: `}
                    {inputs.map(([key, value], i) => (
                      <span key={key}>
                        {i > 0 && ', '}
                        {`${key} = ${inputText(value, words)}`}
                        {tagged.has(key) && <TagMark tag={tagged.get(key)!} />}
                      </span>
                    ))}
                  </Typography>
                )}
                <Typography variant="body2" component="div" sx={MONO}>
                  {`= ${stepValueText(step)}`}
                </Typography>
              </ListItem>
            );
          })}
        </List>
      </Box>
      {tables.length > 0 && (
        <Box component="section">
          <Typography variant="subtitle2" component={sub}>
            {translate('batches.credits.tables')}
          </Typography>
          <List dense disablePadding>
            {tables.map((t) => (
              <ListItem key={t.key} disableGutters sx={{ display: 'block' }}>
                <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
                  {t.name}
                  <TagMark tag={t.tag} />
                </Typography>
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </Box>
  );
}
