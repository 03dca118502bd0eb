import { Box, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AuditHistoryItem } from '../domain/api/audits';
import { TRANSPARENCY_PATH } from '../transparency/publicPaths';

/**
 * The SHA-256 of an audit's verification package, the figure a verifier
 * compares with `sha256sum` of the zip; before the package is first made,
 * a sentence saying when it will be. `bare`: without its label (a table
 * column names it) and the link that checks its signoff in the public
 * transparency log (a new tab: the page stands apart from the console).
 */
export function PackageDigest({ audit, bare = false }: { audit: Pick<AuditHistoryItem, 'package_sha256'>; bare?: boolean }) {
  const translate = useTranslate();
  const digest = audit.package_sha256;
  return (
    <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block', maxWidth: bare ? '18ch' : undefined }}>
      {!bare && `${translate('audits.history.packageSha256')}: `}
      {digest ? (
        <Box
          component="code"
          data-testid="package-sha256"
          sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', wordBreak: 'break-all' }}
        >
          {digest}
        </Box>
      ) : (
        translate('audits.history.packageNotMade')
      )}
      {digest && !bare && (
        <Link href={`${TRANSPARENCY_PATH}?q=${digest}`} target="_blank" rel="noopener" sx={{ display: 'block', mt: 0.5 }}>
          {translate('audits.history.checkInLog')}
        </Link>
      )}
    </Typography>
  );
}
