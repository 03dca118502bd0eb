import { Fragment, useState } from 'react';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import {
  Box,
  Collapse,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { auditIdentity } from '../domain/audits/identity';
import { formatCarbon } from '../domain/carbon';
import { sourceAudit, type FacilityCo2 } from '../domain/minting';
import { TableHeadings, type TableHeading } from '../layout/TableHeadings';
import { FigureCells } from '../layout/FigureCells';
import { ExactKgCell, RoundedFromGrams } from '../layout/ExactKg';

const AUDIT_HEADINGS: readonly TableHeading[] = [
  { label: 'ecoAssets.columns.audit' },
  { label: 'ecoAssets.columns.auditedCo2', figure: true },
  { label: 'ecoAssets.columns.utilisedCo2', figure: true },
  { label: 'ecoAssets.columns.remainingCo2', figure: true },
];

/**
 * Minting's table (docs/product.md#eco-asset-minting): a row per facility with the CO2 left to mint,
 * each expanding to its signed-off audits (named as everywhere: job id,
 * signoff time, proposal; audited, utilised, remaining).
 */
export function AvailableCo2Table({ facilities }: { facilities: readonly FacilityCo2[] }) {
  const translate = useTranslate();
  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={translate('ecoAssets.columns.availableCo2')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>{translate('ecoAssets.columns.facility')}</TableCell>
              <TableCell align="right">{translate('ecoAssets.columns.availableCo2')}</TableCell>
              <TableCell align="right">{translate('ecoAssets.columns.audits')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {facilities.map((facility) => (
              <FacilityRow key={facility.facilityId} facility={facility} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {facilities.length > 0 && <RoundedFromGrams />}
      <Typography variant="caption" color="text.secondary" component="p">
        {translate('audits.carbon.utilisedHelp')}
      </Typography>
    </>
  );
}

function FacilityRow({ facility }: { facility: FacilityCo2 }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const detailsId = `facility-${facility.facilityId}-audits`;
  return (
    <Fragment>
      <TableRow sx={{ '& > *': { borderBottom: 'unset' } }}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={translate(open ? 'ecoAssets.minting.hideAudits' : 'ecoAssets.minting.showAudits', {
              facility: facility.facilityName,
            })}
            onClick={() => setOpen(!open)}
          >
            {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
          </IconButton>
        </TableCell>
        <TableCell component="th" scope="row">
          {facility.facilityName}
        </TableCell>
        <ExactKgCell kg={facility.availableCo2} />
        <TableCell align="right">{facility.audits.length}</TableCell>
      </TableRow>
      <TableRow>
        <TableCell sx={{ py: 0 }} colSpan={4}>
          <Collapse in={open} timeout="auto" unmountOnExit id={detailsId}>
            <Box sx={{ my: 1, overflowX: 'auto' }}>
              <Table size="small" aria-label={translate('ecoAssets.minting.showAudits', { facility: facility.facilityName })}>
                <TableHeadings columns={AUDIT_HEADINGS} />
                <TableBody>
                  {facility.audits.map((audit) => (
                    <TableRow key={audit.signoffId}>
                      <TableCell sx={{ minWidth: 220 }}>{auditIdentity(sourceAudit(audit))}</TableCell>
                      <FigureCells
                        figures={[audit.auditedCo2, audit.utilisedCo2, audit.remaining].map((kg) => formatCarbon(kg, 'figure'))}
                      />
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}
