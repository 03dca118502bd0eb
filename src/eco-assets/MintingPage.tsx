import { useMemo, useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { mintSources } from '../domain/minting';
import { Loading } from '../layout/Loading';
import { Page } from '../layout/Page';
import { RetryAlert } from '../layout/RetryAlert';
import { AvailableCo2Table } from './AvailableCo2Table';
import { MintDialog } from './MintDialog';
import { useAvailableCo2 } from './useAvailableCo2';
import { useBufferShare } from './useBufferShare';

/**
 * Eco-Asset Minting (docs/product.md#eco-asset-minting, eco-assets/create): the CO2 left to mint per
 * facility, its audits a row away, and the 'Mint Eco Asset' modal drawing on
 * the audits with CO2 left.
 */
export default function MintingPage() {
  const translate = useTranslate();
  const available = useAvailableCo2();
  const bufferShare = useBufferShare();
  const [minting, setMinting] = useState(false);
  const facilities = useMemo(() => available.data ?? [], [available.data]);
  // the modal's form is built from these once: a new array on every render would be a new form
  const sources = useMemo(() => mintSources(facilities), [facilities]);

  let content;
  if (available.isPending) content = <Loading />;
  else if (available.error) content = <RetryAlert message="ecoAssets.minting.loadFailed" query={available} />;
  else if (facilities.length === 0) content = <Typography>{translate('ecoAssets.minting.noAvailable')}</Typography>;
  else
    content = (
      <>
        {sources.length === 0 && <Typography>{translate('ecoAssets.minting.nothingLeft')}</Typography>}
        <AvailableCo2Table facilities={facilities} />
      </>
    );

  return (
    <Page title="pages.minting">
      <Box>
        <Button variant="contained" disabled={sources.length === 0} onClick={() => setMinting(true)}>
          {translate('ecoAssets.minting.mint')}
        </Button>
      </Box>
      {bufferShare.data && (
        <Typography data-testid="buffer-share">
          {translate('ecoAssets.minting.bufferShare', { percent: bufferShare.data.buffer_percent })}
        </Typography>
      )}
      {content}
      {minting && <MintDialog sources={sources} onClose={() => setMinting(false)} />}
    </Page>
  );
}
