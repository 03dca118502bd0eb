import { useState } from 'react';
import { Button, Tooltip } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import type { Facility } from '../domain/api/configure';
import { RESOURCES } from '../domain/operations';
import { ViewerDialog } from '../viewer/ViewerDialog';

/**
 * 'View Facility Audit' (docs/product.md#eco-asset-broker-review): the facility's
 * latest audit statement in the viewer; disabled, saying 'No Audit', when the
 * facility has none or none is chosen.
 */
export function FacilityAuditButton({ facilityId }: { facilityId: number | null }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { data: facility } = useGetOne<Facility>(RESOURCES.facilities, { id: facilityId ?? 0 }, { enabled: facilityId !== null });
  const statementId = facilityId !== null ? (facility?.latest_facility_audit_id ?? null) : null;
  const button = (
    <Button variant="outlined" disabled={statementId === null} onClick={() => setOpen(true)}>
      {translate('ecoAssets.review.viewFacilityAudit')}
    </Button>
  );
  return (
    <>
      {statementId === null && facility ? (
        <Tooltip title={translate('ecoAssets.review.noFacilityAudit')}>
          {/* a disabled button gets no pointer events: the tooltip sits on its wrapper */}
          <span>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      {open && statementId !== null && facilityId !== null && (
        <ViewerDialog
          title={translate('ecoAssets.review.facilityAuditTitle')}
          document={{ kind: 'statement', facilityId, statementId }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
