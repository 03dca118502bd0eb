import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { PackageDigest } from '../../../src/audits/PackageDigest';
import { renderInAdmin } from '../support/renderInAdmin';

const SHA = 'ab'.repeat(32);

/** An audit's package digest in Audit History, and the way to its signoff in the public transparency log. */
describe('PackageDigest', () => {
  it('names the digest and links to the transparency page checking it, in a new tab', async () => {
    renderInAdmin(<PackageDigest audit={{ package_sha256: SHA }} />);
    expect(await screen.findByTestId('package-sha256')).toHaveTextContent(SHA);
    const link = screen.getByRole('link', { name: 'Check its signoff in the transparency log' });
    expect(link).toHaveAttribute('href', `/transparency?q=${SHA}`);
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('offers no link in a table column, nor before the package is made', async () => {
    const { unmount } = renderInAdmin(<PackageDigest audit={{ package_sha256: SHA }} bare />);
    await screen.findByTestId('package-sha256');
    expect(screen.queryByRole('link')).toBeNull();
    unmount();
    renderInAdmin(<PackageDigest audit={{ package_sha256: null }} />);
    expect(await screen.findByText(/given once the package is first downloaded/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
