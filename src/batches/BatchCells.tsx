import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { Batch } from '../domain/api/batches';
import { formatCarbon } from '../domain/carbon';
import { formatTemperature } from '../domain/format';
import { ExactKg } from '../layout/ExactKg';
import type { ApiDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';
import { endUseGrams, kgOf } from './batchText';

/** A mass of exact grams in kg with the one rounding rule (the exact kg on hover and focus); 'Not recorded' for none. */
export function BatchKg({ grams }: { grams: number | null }) {
  const translate = useTranslate();
  const kg = kgOf(grams);
  return kg === null ? <>{translate('batches.notRecorded')}</> : <ExactKg kg={kg} />;
}

export function ProductionTemp({ batch }: { batch: Pick<Batch, 'production_temp_c'> }) {
  const translate = useTranslate();
  return <>{batch.production_temp_c === null ? translate('batches.notRecorded') : formatTemperature(batch.production_temp_c)}</>;
}

/** Whether the batch has a lab result: a batch with one is sampled. */
export function LabState({ batch }: { batch: Pick<Batch, 'state'> }) {
  const translate = useTranslate();
  return <>{translate(batch.state === 'sampled' ? 'batches.lab.recorded' : 'batches.lab.none')}</>;
}

/** How much of the batch's char its end uses took (the batch's own answer does not carry them: read per batch, cached). */
export function EndUseState({ batch }: { batch: Pick<Batch, 'id' | 'wet_biochar_g' | 'dry_biochar_g'> }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const endUses = useQuery({ queryKey: queryKeys.listEndUses(batch.id), queryFn: () => dataProvider.listEndUses(batch.id) });
  if (!endUses.data)
    return (
      <Typography component="span" variant="body2">
        …
      </Typography>
    );
  if (endUses.data.length === 0) return <>{translate('batches.endUse.none')}</>;
  const limit = batch.dry_biochar_g ?? batch.wet_biochar_g;
  return (
    <>
      {translate('batches.endUse.some', {
        kg: formatCarbon(kgOf(endUseGrams(endUses.data))!, 'figure'),
        of: formatCarbon(kgOf(limit)!, 'figure'),
      })}
    </>
  );
}
