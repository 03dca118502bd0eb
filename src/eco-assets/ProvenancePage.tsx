import { Box, Button, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { HttpError, useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import type { EcoAsset, ProvenanceAllocation, ProvenanceBurn } from '../domain/api/ecoAssets';
import { formatCarbon } from '../domain/carbon';
import { ExactKgCell } from '../layout/ExactKg';
import { formatDateTime } from '../domain/dates';
import { RESOURCES } from '../domain/operations';
import { DownloadPackageButton } from '../audits/DownloadPackageButton';
import { saveFile } from '../forms/saveFile';
import { useRowCommand } from '../forms/useCommand';
import { Loading } from '../layout/Loading';
import { Page } from '../layout/Page';
import { RetryAlert } from '../layout/RetryAlert';
import type { ApiDataProvider } from '../providers/apiDataProvider';
import { RetiredChip, serialText } from './EcoAssetTable';
import { queryKeys } from '../providers/queryKeys';

const kg = (value: number) => formatCarbon(value, 'exact');

/**
 * An eco asset's provenance (/eco-assets/{id}): its serial blocks,
 * buffer and retirements, the audits it draws on with their verification
 * packages, their burns (kiln, log time, signature, algorithm, CO2) and the
 * raw logs; and its certificate.
 */
export default function ProvenancePage() {
  const translate = useTranslate();
  const id = Number(useParams().id);
  const dataProvider = useDataProvider<ApiDataProvider>();
  const validId = Number.isInteger(id) && id > 0;
  const provenance = useQuery({
    queryKey: queryKeys.getEcoAssetProvenance(id),
    queryFn: () => dataProvider.getEcoAssetProvenance(id),
    enabled: validId,
  });
  // an id that is no eco asset's: said so, not a query left pending or a retry that cannot help
  const missing = !validId || (provenance.error instanceof HttpError && provenance.error.status === 404);
  let content;
  if (missing) content = <Typography>{translate('ecoAssets.provenance.notFound')}</Typography>;
  else if (provenance.isPending) content = <Loading />;
  else if (provenance.error) content = <RetryAlert message="ecoAssets.provenance.loadFailed" query={provenance} />;
  else {
    const { eco_asset: asset, retirements, allocations } = provenance.data;
    content = (
      <>
        <AssetCard asset={asset} />
        <Typography variant="h6" component="h2">
          {translate('ecoAssets.provenance.retirements')}
        </Typography>
        {retirements.length === 0 ? (
          <Typography>{translate('ecoAssets.provenance.noRetirements')}</Typography>
        ) : (
          <Table size="small" aria-label={translate('ecoAssets.provenance.retirements')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('ecoAssets.review.serials')}</TableCell>
                <TableCell align="right">{translate('ecoAssets.provenance.co2')}</TableCell>
                <TableCell>{translate('ecoAssets.provenance.beneficiary')}</TableCell>
                <TableCell>{translate('ecoAssets.provenance.purpose')}</TableCell>
                <TableCell>{translate('ecoAssets.provenance.when')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {retirements.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{serialText(r.serial_first, r.serial_last)}</TableCell>
                  <TableCell align="right">{kg(r.co2_retired)}</TableCell>
                  <TableCell>{r.beneficiary}</TableCell>
                  <TableCell>{r.purpose}</TableCell>
                  <TableCell>{formatDateTime(r.retired_ts)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Typography variant="h6" component="h2">
          {translate('ecoAssets.provenance.audits')}
        </Typography>
        {allocations.map((al) => (
          <AuditCard key={al.signoff_id} allocation={al} />
        ))}
      </>
    );
  }
  return (
    <Page title="pages.ecoAssetProvenance">
      {!missing && (
        <Box sx={{ display: 'flex', gap: 2 }}>
          <CertificateButton id={id} />
        </Box>
      )}
      {content}
    </Page>
  );
}

function AssetCard({ asset }: { asset: EcoAsset }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('ecoAssets.provenance.title', { id: asset.id })} · {asset.transaction_id}
          <RetiredChip asset={asset} />
        </Typography>
        <Typography color="text.secondary">{asset.minting_note}</Typography>
        <Typography>{translate('ecoAssets.provenance.allocated', { kg: kg(asset.co2_allocated) })}</Typography>
        <Typography data-testid="issued-block">
          {translate('ecoAssets.provenance.issuedBlock', {
            kg: kg(asset.co2_issued),
            block: serialText(asset.serial_first, asset.serial_last),
          })}
        </Typography>
        <Typography data-testid="buffer-block">
          {translate('ecoAssets.provenance.bufferBlock', {
            kg: kg(asset.co2_buffer),
            block: serialText(asset.buffer_serial_first, asset.buffer_serial_last),
          })}
        </Typography>
        <Typography>{translate('ecoAssets.provenance.retiredTotal', { kg: kg(asset.co2_retired) })}</Typography>
      </CardContent>
    </Card>
  );
}

function AuditCard({ allocation: al }: { allocation: ProvenanceAllocation }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" component="section" aria-label={`${al.job_id} · ${al.facility_name}`}>
      <CardContent>
        <Typography variant="subtitle1" component="h3">
          {al.job_id} · {al.facility_name} · {translate('ecoAssets.review.allocated', { kg: kg(al.co2_allocated) })}
        </Typography>
        <Typography variant="body2" data-testid="audit-co2">
          {translate('ecoAssets.provenance.auditCo2', {
            kg: formatCarbon(al.audited_co2, 'figure'),
            exact: formatCarbon(al.audited_co2, 'exact'),
          })}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {al.package_sha256
            ? translate('ecoAssets.provenance.package', { sha: al.package_sha256 })
            : translate('ecoAssets.provenance.noPackage')}
        </Typography>
        {al.package_sha256 && <DownloadPackageButton auditId={al.signoff_id} />}
        <Table size="small" aria-label={translate('ecoAssets.provenance.burns')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('ecoAssets.provenance.kiln')}</TableCell>
              <TableCell>{translate('ecoAssets.provenance.logTime')}</TableCell>
              <TableCell>{translate('ecoAssets.provenance.signature')}</TableCell>
              <TableCell>{translate('ecoAssets.provenance.algorithm')}</TableCell>
              <TableCell align="right">{translate('ecoAssets.provenance.co2')}</TableCell>
              <TableCell>{translate('ecoAssets.provenance.rawLog')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {al.burns.map((b) => (
              <BurnRow key={b.analysis_id} burn={b} />
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function BurnRow({ burn }: { burn: ProvenanceBurn }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const { canAccess: mayDownload } = useCanAccess({ resource: RESOURCES.kilnLogs, action: 'download' });
  // as on Kiln Logs: a failed download is notified, never lost
  const download = useRowCommand(dataProvider.downloadKilnLog, { failure: 'kilnLogs.notify.downloadFailed', changesRow: false }, (file) =>
    saveFile(file.blob, file.fileName),
  );
  return (
    <TableRow>
      <TableCell>{burn.kiln_id ?? translate('ecoAssets.provenance.none')}</TableCell>
      <TableCell>{burn.logts ? formatDateTime(burn.logts) : translate('ecoAssets.provenance.none')}</TableCell>
      <TableCell>
        {burn.signed
          ? translate('ecoAssets.provenance.signed', { fingerprint: burn.key_fingerprint ?? '' })
          : translate('ecoAssets.provenance.unsigned')}
      </TableCell>
      <TableCell>{burn.algorithm_version}</TableCell>
      {/* a burn's figure as every screen shows it, its exact kg on hover and focus */}
      <ExactKgCell kg={burn.co2_removed} />
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        {burn.file_name ?? translate('ecoAssets.provenance.none')}
        {burn.sha256 && (
          <Typography variant="caption" component="div" color="text.secondary">
            SHA-256 {burn.sha256}
          </Typography>
        )}
        {mayDownload && (
          <Button size="small" disabled={download.isPending} onClick={() => download.mutate(burn.analysis_id)}>
            {translate('ecoAssets.provenance.download')}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

function CertificateButton({ id }: { id: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  // as the verification package: a failed download is notified by status
  const download = useRowCommand(
    dataProvider.getEcoAssetCertificate,
    { failure: 'ecoAssets.provenance.certificateFailed', changesRow: false },
    (file) => saveFile(file.blob, file.fileName),
  );
  return (
    <Button variant="contained" disabled={download.isPending} onClick={() => download.mutate(id)}>
      {translate('ecoAssets.provenance.certificate')}
    </Button>
  );
}
