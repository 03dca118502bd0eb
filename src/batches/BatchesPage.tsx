import { useState } from 'react';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Datagrid, FilterButton, FunctionField, List, SelectInput, TextField, TopToolbar, useCanAccess, useTranslate } from 'react-admin';
import type { Batch } from '../domain/api/batches';
import { BATCH_STATES, FEEDSTOCKS } from '../domain/batches';
import { csvKgCell } from '../domain/carbon';
import { KNOWN_KILN_TYPES } from '../domain/kilnTypes';
import { RESOURCES } from '../domain/operations';
import { ClearFiltersButton } from '../layout/ClearFiltersButton';
import { csvExporter } from '../layout/csvExporter';
import { LabelledExportButton } from '../layout/LabelledExportButton';
import { ListEmpty, ListError, ListPager } from '../layout/ListStates';
import { Page } from '../layout/Page';
import { useSmallScreen } from '../layout/useSmallScreen';
import { BatchKg, EndUseState, LabState, ProductionTemp } from './BatchCells';
import { BatchPhoneList } from './BatchPhoneList';
import { facilityName, feedstockName, kgOf, kilnTypeName, periodText } from './batchText';
import { CreateBatchDialog } from './CreateBatchDialog';
import { useFacilities } from './useFacilities';

const KILN_TYPE_CHOICES = KNOWN_KILN_TYPES.map((t) => ({ id: t.code, name: t.label }));
const FEEDSTOCK_CHOICES = FEEDSTOCKS.map((id) => ({ id, name: `batches.feedstocks.${id}` }));
const STATE_CHOICES = BATCH_STATES.map((id) => ({ id, name: `batches.states.${id}` }));

/** Batches: the production batches in reach, with filters, export, and a new batch from chosen burns. */
export default function BatchesPage() {
  const translate = useTranslate();
  const small = useSmallScreen();
  const { byId, facilities } = useFacilities();
  const { canAccess: canCreate = false } = useCanAccess({ resource: RESOURCES.batches, action: 'create' });
  const [creating, setCreating] = useState(false);
  const facilityChoices = (facilities ?? []).map((f) => ({ id: f.id, name: `${f.mnemonic} · ${f.name}` }));
  const filters = [
    <SelectInput key="facility_id" source="facility_id" label="batches.columns.facility" choices={facilityChoices} alwaysOn={!small} />,
    <SelectInput
      key="kiln_type"
      source="kiln_type"
      label="batches.columns.kilnType"
      choices={KILN_TYPE_CHOICES}
      translateChoice={false}
      alwaysOn={!small}
    />,
    <SelectInput key="feedstock" source="feedstock" label="batches.columns.feedstock" choices={FEEDSTOCK_CHOICES} alwaysOn={!small} />,
    <SelectInput key="state" source="state" label="batches.columns.state" choices={STATE_CHOICES} alwaysOn={!small} />,
  ];
  const exporter = csvExporter<Batch>('batches', (b) => ({
    id: b.id,
    label: b.label,
    facility: facilityName(byId, b.facility_id),
    kiln_type: kilnTypeName(b.kiln_type),
    feedstock: feedstockName(b, translate),
    first_logts: b.first_logts,
    last_logts: b.last_logts,
    burns: b.analysis_ids.length,
    wet_kg: csvKgCell(kgOf(b.wet_biochar_g)),
    dry_kg: csvKgCell(kgOf(b.dry_biochar_g)),
    production_temp_c: b.production_temp_c,
    state: b.state,
  }));
  return (
    <Page title="pages.batches">
      <List
        resource={RESOURCES.batches}
        title={false}
        sx={{ minWidth: 0, maxWidth: '100%', '& .RaList-main': { minWidth: 0 } }}
        actions={
          <TopToolbar sx={{ flexWrap: 'wrap' }}>
            {small && <FilterButton />}
            <ClearFiltersButton />
            {canCreate && (
              <Button size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
                {translate('batches.create.button')}
              </Button>
            )}
            <LabelledExportButton />
          </TopToolbar>
        }
        filters={filters}
        exporter={exporter}
        sort={{ field: 'id', order: 'DESC' }}
        empty={<ListEmpty message="batches.empty" />}
        error={<ListError message="batches.loadError" />}
        pagination={<ListPager />}
      >
        {small ? (
          <BatchPhoneList facilities={byId} />
        ) : (
          <Datagrid rowClick="show" bulkActionButtons={false} empty={<ListEmpty message="batches.noMatch" />}>
            <TextField source="label" label="batches.columns.label" sortable={false} />
            <FunctionField<Batch> label="batches.columns.facility" render={(b) => facilityName(byId, b.facility_id)} />
            <FunctionField<Batch> label="batches.columns.kilnType" render={(b) => kilnTypeName(b.kiln_type)} />
            <FunctionField<Batch> label="batches.columns.feedstock" render={(b) => feedstockName(b, translate)} />
            <FunctionField<Batch>
              label="batches.columns.period"
              sortBy="first_logts"
              render={(b) => periodText(b, translate)}
              sx={{ whiteSpace: 'nowrap' }}
            />
            <FunctionField<Batch> label="batches.columns.burns" textAlign="right" render={(b) => b.analysis_ids.length} />
            <FunctionField<Batch>
              label="batches.columns.wetKg"
              sortBy="wet_biochar_g"
              textAlign="right"
              render={(b) => <BatchKg grams={b.wet_biochar_g} />}
            />
            <FunctionField<Batch> label="batches.columns.dryKg" textAlign="right" render={(b) => <BatchKg grams={b.dry_biochar_g} />} />
            <FunctionField<Batch> label="batches.columns.productionTemp" textAlign="right" render={(b) => <ProductionTemp batch={b} />} />
            <FunctionField<Batch> label="batches.columns.labState" render={(b) => <LabState batch={b} />} />
            <FunctionField<Batch> label="batches.columns.endUseState" render={(b) => <EndUseState batch={b} />} />
          </Datagrid>
        )}
      </List>
      {creating && <CreateBatchDialog onClose={() => setCreating(false)} />}
    </Page>
  );
}
