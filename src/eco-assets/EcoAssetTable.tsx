import type { KeyboardEvent } from 'react';
import { Chip, Link, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { alpha } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import type { FacilityEcoAsset } from '../domain/api/ecoAssets';
import { formatCarbon } from '../domain/carbon';
import { formatSerialBlock, retirementState } from '../domain/ledger';
import { Loading } from '../layout/Loading';

export interface EcoAssetTableProps {
  /** a facility's eco assets, each with the part drawn from that facility */
  assets: readonly FacilityEcoAsset[];
  /** what the facility's audits gave all its eco assets, those a filter hides too */
  facilityTotal: number;
  isPending: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** A serial block as KC-<first>-<last>, or a dash for none. */
export const serialText = (first: number | null, last: number | null): string =>
  first === null || last === null ? '—' : formatSerialBlock({ first, last });

/** 'Retired' or 'Partly retired' beside an asset whose issued units are retired, all or some. */
export function RetiredChip({ asset }: { asset: { co2_issued: number; co2_retired: number } }) {
  const translate = useTranslate();
  const state = retirementState(asset);
  if (state === 'none') return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      sx={{ ml: 1 }}
      label={translate(state === 'retired' ? 'ecoAssets.review.retired' : 'ecoAssets.review.partlyRetired')}
    />
  );
}

/** the selected row: a coloured background and a left border (docs/product.md#eco-asset-broker-review) */
const SELECTED_BORDER = 4;

/**
 * The eco-asset selection table (docs/product.md#eco-asset-broker-review): Minting Note, Transaction ID, CO2
 * Allocated; small and unpaginated; a row is chosen by click, Enter or Space.
 * CO2 Allocated is the part drawn from the chosen facility, and an asset that
 * spans facilities says so with its whole amount; the Total row is the
 * facility's utilised CO2, as Minting and the carbon stats show it. Beyond
 * the spec: the issued serial block, issued and buffer kg apart,
 * a retired mark, and the transaction id a link to the asset's provenance; the Total row stays
 * the facility's whole when a filter hides some assets.
 */
export function EcoAssetTable({ assets, facilityTotal, isPending, selectedId, onSelect }: EcoAssetTableProps) {
  const translate = useTranslate();
  if (isPending) return <Loading />;
  if (assets.length === 0) return <Typography sx={{ p: 2 }}>{translate('ecoAssets.review.noEcoAssets')}</Typography>;
  const onKey = (event: KeyboardEvent, id: number) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(id);
    }
  };
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('ecoAssets.review.ecoAssets')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ borderLeft: `${SELECTED_BORDER}px solid transparent` }}>
              {translate('ecoAssets.columns.mintingNote')}
            </TableCell>
            <TableCell>{translate('ecoAssets.columns.transactionId')}</TableCell>
            <TableCell align="right">{translate('ecoAssets.columns.co2Allocated')}</TableCell>
            <TableCell>{translate('ecoAssets.review.serials')}</TableCell>
            <TableCell align="right">{translate('ecoAssets.review.issued')}</TableCell>
            <TableCell align="right">{translate('ecoAssets.review.buffer')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {assets.map((asset) => {
            const selected = asset.id === selectedId;
            return (
              <TableRow
                key={asset.id}
                hover
                selected={selected}
                aria-selected={selected}
                tabIndex={0}
                onClick={() => onSelect(asset.id)}
                onKeyDown={(event) => onKey(event, asset.id)}
                sx={(theme) => ({
                  cursor: 'pointer',
                  '&.Mui-selected, &.Mui-selected:hover': { backgroundColor: alpha(theme.palette.primary.main, 0.16) },
                  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
                  '& > td:first-of-type': {
                    borderLeft: `${SELECTED_BORDER}px solid ${selected ? theme.palette.primary.main : 'transparent'}`,
                  },
                })}
              >
                <TableCell sx={{ overflowWrap: 'break-word', minWidth: '12ch' }}>
                  {asset.minting_note}
                  <RetiredChip asset={asset} />
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Link
                    component={RouterLink}
                    to={`/eco-assets/${asset.id}`}
                    aria-label={translate('ecoAssets.review.provenanceOf', { transaction: asset.transaction_id })}
                    onClick={(event) => event.stopPropagation()}
                    onKeyDown={(event) => event.stopPropagation()}
                  >
                    {asset.transaction_id}
                  </Link>
                </TableCell>
                <TableCell align="right">
                  {formatCarbon(asset.facility_co2, 'figure')}
                  {asset.facility_count > 1 && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {translate('ecoAssets.review.spansFacilities', {
                        kg: formatCarbon(asset.co2_allocated, 'figure'),
                        smart_count: asset.facility_count,
                      })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {serialText(asset.serial_first, asset.serial_last)}
                </TableCell>
                <TableCell align="right">{formatCarbon(asset.co2_issued, 'exact')}</TableCell>
                <TableCell align="right">{formatCarbon(asset.co2_buffer, 'exact')}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={2} sx={{ borderLeft: `${SELECTED_BORDER}px solid transparent` }}>
              {translate('ecoAssets.review.facilityTotal')}
            </TableCell>
            <TableCell align="right">{formatCarbon(facilityTotal, 'figure')}</TableCell>
            <TableCell colSpan={3} />
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
