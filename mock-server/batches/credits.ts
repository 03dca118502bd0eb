import type { BatchCredits } from '../../src/domain/api/credits';
import type { Methodology } from '../../src/domain/api/methodologies';
import { currentLabResult, type FacilityCreditSettings } from '../../src/domain/methodologies/credits';
import { facilitySettingsOf } from '../../src/domain/facilitySettings';
import { creditsOf } from '../../src/domain/methodologies/families';
import { resolveFacility } from '../analysis/config';
import type { StoreParts } from '../store/dataStore';
import type { BatchRecord, FacilityRecord } from '../store/model';

/**
 * The facility's settings the methodologies read: its carbon removal factor
 * (the analysis's, with its default), and its VM0044 conditions and
 * temperature monitoring as a super-admin set them (each false until then:
 * low-tech, unmonitored, the methodology's most cautious class).
 */
export function facilityCreditSettings(facility: FacilityRecord): FacilityCreditSettings {
  const { vm0044_high_tech_conditions, temperature_monitored } = facilitySettingsOf(facility);
  return { carbon_removal_factor: resolveFacility(facility).carbon_removal_factor, vm0044_high_tech_conditions, temperature_monitored };
}

/** The credits of a batch under every rulebook, from its evidence as the store holds it. */
export async function batchCredits(
  data: Pick<StoreParts, 'batches' | 'facilities' | 'labs'>,
  rulebooks: readonly Methodology[],
  batch: BatchRecord,
): Promise<BatchCredits> {
  const [results, endUses, facility, labs] = await Promise.all([
    data.batches.labResults(batch.id),
    data.batches.endUses(batch.id),
    data.facilities.get(batch.facility_id),
    data.labs.list(),
  ]);
  const lab = currentLabResult(results);
  const evidence = {
    batch,
    lab: lab && { ...lab, lab_accreditation: labs.find((l) => l.id === lab.lab_id)?.accreditation ?? null },
    end_uses: endUses,
    facility: facilityCreditSettings(facility!),
  };
  return { results: rulebooks.map((book) => creditsOf(book, evidence)) };
}
