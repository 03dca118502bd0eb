import { ButtonBase, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { Facility } from '../domain/api/configure';
import type { ApiDataProvider } from '../providers/dataProvider';
import { useObjectUrl } from '../viewer/useObjectUrl';
import { queryKeys } from '../providers/queryKeys';

export const THUMBNAIL_CELL_SIZE = 64;

/**
 * The facility's photo thumbnail (fetched with the bearer token, which an
 * <img src> could not send); a click opens the photo itself.
 */
export function FacilityThumbnail({ facility, onOpen }: { facility: Facility; onOpen: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const hasPhoto = facility.photo_uploaded_ts !== null;
  const thumb = useQuery({
    // a new upload changes photo_uploaded_ts, and so the key
    queryKey: queryKeys.getFacilityPhoto(facility.id, facility.photo_uploaded_ts),
    queryFn: () => dataProvider.getDocument({ kind: 'photo', facilityId: facility.id, thumb: true }),
    enabled: hasPhoto,
    staleTime: Infinity,
  });
  const url = useObjectUrl(thumb.data?.blob);

  if (!hasPhoto || thumb.isError) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('facilities.noPhoto')}
      </Typography>
    );
  }
  return (
    <ButtonBase
      aria-label={translate('facilities.viewPhotoLabel', { mnemonic: facility.mnemonic })}
      onClick={onOpen}
      sx={{ width: THUMBNAIL_CELL_SIZE, height: THUMBNAIL_CELL_SIZE, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}
    >
      {url && (
        <img
          src={url}
          alt={translate('facilities.photoAlt', { mnemonic: facility.mnemonic })}
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
    </ButtonBase>
  );
}
