import { Box, Button, List as MuiList, ListItem, Stack, Typography } from '@mui/material';
import { FunctionField, RecordContextProvider, TextField, useListContext, useRecordContext, useTranslate, WrapperField } from 'react-admin';
import { useSmallScreen } from '../layout/useSmallScreen';
import type { Facility, FacilityOwnerOption } from '../domain/api/configure';
import { formatDateTime } from '../domain/dates';
import type { CsvRow } from '../domain/csv';
import { ListEmpty } from '../layout/ListStates';
import { RegistryDatagrid } from '../layout/RegistryDatagrid';
import { FacilityThumbnail } from './FacilityThumbnail';
import { SignedBurnsSetting } from './SignedBurnsSetting';

/** What a user may do on a row; an action left out is not offered (docs/roles.md#what-each-rule-shows). */
export interface FacilityActions {
  onEdit?: (facility: Facility) => void;
  onUploadPhoto?: (facility: Facility) => void;
  onUploadStatement?: (facility: Facility) => void;
  /** the credit trail (a super-admin's) */
  onViewChanges?: (facility: Facility) => void;
}

export interface FacilityDatagridProps extends FacilityActions {
  owners: readonly FacilityOwnerOption[];
  onViewStatement: (facility: Facility) => void;
  onViewPhoto: (facility: Facility) => void;
}

const degrees = (value: number) => value.toFixed(2);

/** 'username (uid N)', or 'uid N' for an owner not among the choices. */
export function ownerLabel(uid: number, owners: readonly FacilityOwnerOption[], translate: (key: string, options?: object) => string) {
  const username = owners.find((owner) => owner.id === uid)?.username;
  return username ? translate('facilities.owner', { username, uid }) : translate('facilities.ownerUid', { uid });
}

function RowActions({ actions }: { actions: FacilityActions }) {
  const translate = useTranslate();
  const facility = useRecordContext<Facility>();
  if (!facility) return null;
  const offered = [
    { handler: actions.onEdit, text: 'facilities.edit', label: 'facilities.editLabel' },
    { handler: actions.onUploadPhoto, text: 'facilities.uploadPhoto', label: 'facilities.uploadPhotoLabel' },
    { handler: actions.onUploadStatement, text: 'facilities.uploadStatement', label: 'facilities.uploadStatementLabel' },
    { handler: actions.onViewChanges, text: 'facilities.changes', label: 'facilities.changesLabel' },
  ].filter((action) => action.handler);
  return (
    // buttons may go to a second line, a label never breaks inside
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {offered.map(({ handler, text, label }) => (
        <Button
          key={text}
          size="small"
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          aria-label={translate(label, { mnemonic: facility.mnemonic })}
          onClick={() => handler?.(facility)}
        >
          {translate(text)}
        </Button>
      ))}
    </Box>
  );
}

/** The Latest Audit cell (docs/product.md#facilities-page): 'No Audit', or a View Audit button. */
function LatestAudit({ facility, onView }: { facility: Facility; onView: (facility: Facility) => void }) {
  const translate = useTranslate();
  if (facility.latest_facility_audit_id === null) return <>{translate('facilities.noStatement')}</>;
  return (
    <Button
      size="small"
      variant="outlined"
      sx={{ whiteSpace: 'nowrap' }}
      aria-label={translate('facilities.viewStatementLabel', { mnemonic: facility.mnemonic })}
      onClick={() => onView(facility)}
    >
      {translate('facilities.viewStatement')}
    </Button>
  );
}

/**
 * The phone's Facilities (M7): one entry per facility with what the table's row
 * holds (photo, owner on its own line, GPS box, last update, latest audit and
 * the actions), stacked to fit 390 px.
 */
function FacilityPhoneList({ owners, onViewStatement, onViewPhoto, actions }: FacilityDatagridProps & { actions: FacilityActions | null }) {
  const translate = useTranslate();
  const { data, isPending } = useListContext<Facility>();
  if (isPending) return null;
  if (!data?.length) return <ListEmpty message="facilities.empty" />;
  return (
    <MuiList aria-label={translate('pages.facilities')} disablePadding>
      {data.map((f, index) => (
        <RecordContextProvider key={f.id} value={f}>
          <ListItem divider={index < data.length - 1} sx={{ display: 'block', px: 1, py: 1.5 }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <FacilityThumbnail facility={f} onOpen={() => onViewPhoto(f)} />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="subtitle1" component="p" sx={{ overflowWrap: 'anywhere' }}>{`${f.mnemonic} · ${f.name}`}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {ownerLabel(f.owner_id, owners, translate)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {`${translate('facilities.latitudeRange', { min: degrees(f.latitude_min), max: degrees(f.latitude_max) })} · ${translate('facilities.longitudeRange', { min: degrees(f.longitude_min), max: degrees(f.longitude_max) })}`}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {`${translate('facilities.columns.lastUpdated')} ${formatDateTime(f.last_updated)}`}
                </Typography>
              </Box>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }} useFlexGap>
              <Typography variant="body2" component="span">
                {`${translate('facilities.columns.latestStatement')}:`}
              </Typography>
              <LatestAudit facility={f} onView={onViewStatement} />
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }} useFlexGap>
              <Typography variant="body2" component="span">
                {`${translate('facilities.columns.signedBurns')}:`}
              </Typography>
              <SignedBurnsSetting facility={f} />
            </Stack>
            {actions && (
              <Box sx={{ mt: 0.5 }}>
                <RowActions actions={actions} />
              </Box>
            )}
          </ListItem>
        </RecordContextProvider>
      ))}
    </MuiList>
  );
}

/** The Facilities table (docs/product.md#facilities-page): one row per facility, with its photo, latest statement and the user's actions. */
export function FacilityDatagrid({ owners, onViewStatement, onViewPhoto, ...actions }: FacilityDatagridProps) {
  const translate = useTranslate();
  const hasActions = Boolean(actions.onEdit || actions.onUploadPhoto || actions.onUploadStatement || actions.onViewChanges);
  // on a phone, one entry per facility instead of a table wider than the screen
  if (useSmallScreen()) {
    return (
      <FacilityPhoneList
        owners={owners}
        onViewStatement={onViewStatement}
        onViewPhoto={onViewPhoto}
        actions={hasActions ? actions : null}
      />
    );
  }
  return (
    <RegistryDatagrid label="pages.facilities" empty="facilities.empty">
      <TextField source="mnemonic" label="facilities.columns.mnemonic" />
      {/* a long name wraps rather than widening the table */}
      <TextField source="name" label="facilities.columns.name" sx={{ overflowWrap: 'anywhere', display: 'block', maxWidth: 280 }} />
      <FunctionField<Facility>
        source="owner_id"
        label="facilities.columns.owner"
        render={(f) => ownerLabel(f.owner_id, owners, translate)}
      />
      <FunctionField<Facility>
        source="latitude_min"
        sortable={false}
        label="facilities.columns.bounds"
        render={(f) => (
          <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
            {translate('facilities.latitudeRange', { min: degrees(f.latitude_min), max: degrees(f.latitude_max) })}
            <br />
            {translate('facilities.longitudeRange', { min: degrees(f.longitude_min), max: degrees(f.longitude_max) })}
          </Typography>
        )}
      />
      <FunctionField<Facility>
        source="last_updated"
        label="facilities.columns.lastUpdated"
        render={(f) => formatDateTime(f.last_updated)}
      />
      <FunctionField<Facility>
        source="photo_uploaded_ts"
        sortable={false}
        label="facilities.columns.photo"
        render={(f) => <FacilityThumbnail facility={f} onOpen={() => onViewPhoto(f)} />}
      />
      <FunctionField<Facility>
        source="latest_facility_audit_id"
        sortable={false}
        label="facilities.columns.latestStatement"
        render={(f) => <LatestAudit facility={f} onView={onViewStatement} />}
      />
      <FunctionField<Facility>
        source="signed_burns_only"
        sortable={false}
        label="facilities.columns.signedBurns"
        render={(f) => <SignedBurnsSetting facility={f} />}
      />
      {hasActions && (
        <WrapperField label="facilities.columns.actions">
          <RowActions actions={actions} />
        </WrapperField>
      )}
    </RegistryDatagrid>
  );
}

/** A facility as a CSV row, headed like the screen's columns. */
export function facilityCsvRow(
  f: Facility,
  owners: readonly FacilityOwnerOption[],
  translate: (key: string, options?: object) => string,
): CsvRow {
  return {
    [translate('facilities.columns.mnemonic')]: f.mnemonic,
    [translate('facilities.columns.name')]: f.name,
    [translate('facilities.columns.owner')]: ownerLabel(f.owner_id, owners, translate),
    [translate('facilities.fields.latMin')]: f.latitude_min,
    [translate('facilities.fields.latMax')]: f.latitude_max,
    [translate('facilities.fields.lonMin')]: f.longitude_min,
    [translate('facilities.fields.lonMax')]: f.longitude_max,
    [translate('facilities.columns.lastUpdated')]: formatDateTime(f.last_updated),
  };
}
