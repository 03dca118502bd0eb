import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Facility, FacilityOwnerOption } from '../domain/api/configure';
import { formatDateTime } from '../domain/dates';
import { DataTable, type Column } from '../layout/DataTable';
import { FacilityThumbnail } from './FacilityThumbnail';

/** What a user may do on a row; an action left out is not offered (spec §6). */
export interface FacilityActions {
  onEdit?: (facility: Facility) => void;
  onUploadPhoto?: (facility: Facility) => void;
  onUploadAudit?: (facility: Facility) => void;
}

export interface FacilityTableProps extends FacilityActions {
  facilities: readonly Facility[] | undefined;
  owners: readonly FacilityOwnerOption[];
  loading: boolean;
  failed: boolean;
  onViewAudit: (facility: Facility) => void;
  onViewPhoto: (facility: Facility) => void;
}

const degrees = (value: number) => value.toFixed(2);

/** The Facilities table (spec §2): one row per facility, with its photo, latest audit and the user's actions. */
export function FacilityTable({ facilities, owners, loading, failed, onViewAudit, onViewPhoto, ...actions }: FacilityTableProps) {
  const translate = useTranslate();
  const ownerLabel = (uid: number) => {
    const username = owners.find((owner) => owner.id === uid)?.username;
    return username ? translate('facilities.owner', { username, uid }) : translate('facilities.ownerUid', { uid });
  };

  const columns: Column<Facility>[] = [
    { header: 'facilities.columns.mnemonic', cell: (f) => f.mnemonic },
    { header: 'facilities.columns.name', cell: (f) => f.name },
    { header: 'facilities.columns.owner', cell: (f) => ownerLabel(f.owner_id) },
    {
      header: 'facilities.columns.bounds',
      cell: (f) => (
        <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
          {translate('facilities.latitudeRange', { min: degrees(f.latitude_min), max: degrees(f.latitude_max) })}
          <br />
          {translate('facilities.longitudeRange', { min: degrees(f.longitude_min), max: degrees(f.longitude_max) })}
        </Typography>
      ),
    },
    { header: 'facilities.columns.lastUpdated', cell: (f) => formatDateTime(f.last_updated) },
    { header: 'facilities.columns.photo', cell: (f) => <FacilityThumbnail facility={f} onOpen={() => onViewPhoto(f)} /> },
    {
      header: 'facilities.columns.latestAudit',
      cell: (f) =>
        f.latest_facility_audit_id === null ? (
          translate('facilities.noAudit')
        ) : (
          <Button
            size="small"
            variant="outlined"
            aria-label={translate('facilities.viewAuditLabel', { mnemonic: f.mnemonic })}
            onClick={() => onViewAudit(f)}
          >
            {translate('facilities.viewAudit')}
          </Button>
        ),
    },
  ];

  const rowActions = [
    { handler: actions.onEdit, text: 'facilities.edit', label: 'facilities.editLabel' },
    { handler: actions.onUploadPhoto, text: 'facilities.uploadPhoto', label: 'facilities.uploadPhotoLabel' },
    { handler: actions.onUploadAudit, text: 'facilities.uploadAudit', label: 'facilities.uploadAuditLabel' },
  ].filter((action) => action.handler);
  if (rowActions.length > 0) {
    columns.push({
      header: 'facilities.columns.actions',
      cell: (f) => (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {rowActions.map(({ handler, text, label }) => (
            <Button key={text} size="small" aria-label={translate(label, { mnemonic: f.mnemonic })} onClick={() => handler?.(f)}>
              {translate(text)}
            </Button>
          ))}
        </Box>
      ),
    });
  }

  return (
    <DataTable
      label={translate('pages.facilities')}
      columns={columns}
      rows={facilities}
      rowKey={(f) => f.id}
      loading={loading}
      failed={failed}
      errorText="facilities.loadFailed"
      emptyText="facilities.empty"
    />
  );
}
