import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, logInAs, mockFetch, renderApp } from '../support/renderApp';
import { FACILITY_LIST } from '../../helpers/facilities';
import { stubObjectUrls } from '../support/objectUrls';

/**
 * pdf.js draws on a canvas from a worker, neither of which jsdom has (the real
 * viewer is covered in Chromium, tests/e2e): a stand-in Document that
 * shows its loading text, asks for a password when the scenario has one, then
 * reports the page count and renders its pages.
 */
const pdf = vi.hoisted(() => ({
  pages: 3,
  password: null as string | null,
  fail: false,
  files: [] as unknown[],
  /** a page shown in a state of its own instead of rendered, by page number */
  pageStates: {} as Record<number, 'loading' | 'error' | 'noData'>,
}));

vi.mock('react-pdf', async () => {
  const { useEffect, useState } = await import('react');
  type Respond = (password: string) => void;
  interface DocumentProps {
    file: unknown;
    children: ReactNode;
    loading: ReactNode;
    error: ReactNode;
    onLoadSuccess: (doc: { numPages: number }) => void;
    onPassword: (respond: Respond, reason: number) => void;
  }
  function Document({ file, children, loading, error, onLoadSuccess, onPassword }: DocumentProps) {
    const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
    useEffect(() => {
      pdf.files.push(file);
      if (pdf.fail) return setState('failed');
      const load = () => {
        onLoadSuccess({ numPages: pdf.pages });
        setState('loaded');
      };
      if (pdf.password === null) return load();
      const respond: Respond = (given) => (given === pdf.password ? load() : onPassword(respond, 2));
      onPassword(respond, 1);
    }, []);
    return <div>{state === 'loading' ? loading : state === 'failed' ? error : children}</div>;
  }
  type PageState = 'loading' | 'error' | 'noData';
  const Page = ({ pageNumber, width, ...texts }: { pageNumber: number; width: number } & Record<PageState, ReactNode>) => {
    const state = pdf.pageStates[pageNumber];
    return (
      <div data-testid="pdf-page" data-width={width}>
        {state ? texts[state] : `page ${pageNumber}`}
      </div>
    );
  };
  return { Document, Page, pdfjs: { GlobalWorkerOptions: {} }, PasswordResponses: { NEED_PASSWORD: 1, INCORRECT_PASSWORD: 2 } };
});

beforeEach(() => {
  Object.assign(pdf, { pages: 3, password: null, fail: false, files: [], pageStates: {} });
  stubObjectUrls('blob:document');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const AUDIT_URL = '/api/facility/2/audit?id=9';

/** Opens KSM's latest audit, served by `answer`. */
async function openAudit(answer: () => Response) {
  await logInAs(0, 'superadmin');
  const fetchMock = mockFetch((url) => {
    if (url.startsWith('/api/facilities?')) return json(FACILITY_LIST);
    if (url === AUDIT_URL) return answer();
    return json({ message: 'Not found.' }, 404);
  });
  renderApp('/facilities');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'View Audit of KSM' }, { timeout: 5000 }));
  const viewer = () => within(screen.getByRole('dialog', { name: 'Latest Audit – KSM' }));
  return { user, fetchMock, viewer };
}

const pdfAnswer = () => new Response('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } });

describe('Viewer', () => {
  it('fetches the statement with the token and pages through a PDF: Page N of M, clamped to 1..M', { timeout: 15000 }, async () => {
    const { user, fetchMock, viewer: viewerDialog } = await openAudit(pdfAnswer);
    const viewer = viewerDialog();
    expect(await viewer.findByText('Page 1 of 3', {}, { timeout: 5000 })).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === AUDIT_URL)!;
    expect(new Headers(init?.headers).get('Authorization')).toMatch(/^Bearer /);
    expect(pdf.files[0]).toMatchObject({ size: 8, type: 'application/pdf' });

    const previous = viewer.getByRole('button', { name: 'Previous page' });
    const next = viewer.getByRole('button', { name: 'Next page' });
    expect(previous).toBeDisabled();
    await user.click(next);
    expect(viewer.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(viewer.getByTestId('pdf-page')).toHaveTextContent('page 2');
    await user.click(next);
    expect(viewer.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(next).toBeDisabled();
    await user.click(previous);
    expect(viewer.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('zooms the page from its fit to the width up to 300 %, and fits it again from the percentage', async () => {
    const { user, viewer: viewerDialog } = await openAudit(pdfAnswer);
    const viewer = viewerDialog();
    await viewer.findByText('Page 1 of 3', {}, { timeout: 5000 });
    const page = () => viewer.getByTestId('pdf-page').getAttribute('data-width');
    // jsdom measures nothing: the fit is the viewer's widest page, 860 px
    expect(page()).toBe('860');
    const zoomIn = viewer.getByRole('button', { name: 'Zoom in' });
    const zoomOut = viewer.getByRole('button', { name: 'Zoom out' });
    expect(zoomOut).toBeDisabled();
    await user.click(zoomIn);
    expect(page()).toBe('1290');
    await user.click(zoomIn);
    await user.click(zoomIn);
    expect(page()).toBe('2580');
    expect(zoomIn).toBeDisabled();
    await user.click(zoomOut);
    expect(page()).toBe('1720');
    await user.click(viewer.getByRole('button', { name: 'Zoom 200 %: fit to width' }));
    expect(page()).toBe('860');
    expect(viewer.getByRole('button', { name: 'Zoom 100 %: fit to width' })).toBeDisabled();
  });

  it('gives react-pdf the spec texts for loading and failure', async () => {
    pdf.fail = true;
    const { viewer } = await openAudit(pdfAnswer);
    expect(await viewer().findByText('Failed to load PDF file.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(viewer().queryByText(/^Page \d/)).not.toBeInTheDocument();
  });

  it("gives react-pdf's Page the console's texts for a page loading, failing or missing", async () => {
    pdf.pageStates = { 1: 'loading', 2: 'error', 3: 'noData' };
    const { user, viewer } = await openAudit(pdfAnswer);
    expect(await viewer().findByText('Page 1 of 3', {}, { timeout: 5000 })).toBeInTheDocument();
    const page = () => viewer().getByTestId('pdf-page');
    expect(page()).toHaveTextContent('Loading page…');
    await user.click(viewer().getByRole('button', { name: 'Next page' }));
    expect(page()).toHaveTextContent('Failed to load the page.');
    await user.click(viewer().getByRole('button', { name: 'Next page' }));
    expect(page()).toHaveTextContent('No page specified.');
  });

  it('prompts for the password, and again for an incorrect one', async () => {
    pdf.password = 's3cret';
    const { user } = await openAudit(pdfAnswer);
    const prompt = within(await screen.findByRole('dialog', { name: 'Password required' }, { timeout: 5000 }));
    expect(prompt.getByText('Enter the password to open this PDF file.')).toBeInTheDocument();
    await user.type(prompt.getByLabelText('Password'), 'wrong{Enter}');

    const again = within(await screen.findByRole('dialog', { name: 'Incorrect password' }));
    expect(again.getByText('Invalid password. Please try again.')).toBeInTheDocument();
    await user.type(again.getByLabelText('Password'), 's3cret{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /password/i })).not.toBeInTheDocument());
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('closes the viewer when the password prompt is cancelled', async () => {
    pdf.password = 's3cret';
    const { user } = await openAudit(pdfAnswer);
    const prompt = within(await screen.findByRole('dialog', { name: 'Password required' }, { timeout: 5000 }));
    await user.click(prompt.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows an image statement as an image, by the Content-Type of the answer', async () => {
    const { viewer } = await openAudit(() => new Response('png', { headers: { 'Content-Type': 'image/png' } }));
    expect(await viewer().findByRole('img', { name: 'Latest Audit – KSM' }, { timeout: 5000 })).toHaveAttribute('src', 'blob:document');
    expect(pdf.files).toHaveLength(0);
  });

  it("notifies 'Error retrieving pdf/image data' when the document cannot be fetched", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { viewer } = await openAudit(() => json({ message: 'no' }, 403));
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Error retrieving pdf/image data');
    expect(viewer().getByText('The document could not be loaded.')).toBeInTheDocument();
  });

  it('does not notify a 404, and says the document was not found', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { viewer } = await openAudit(() => json({ message: 'none' }, 404));
    expect(await viewer().findByText('The document was not found.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Error retrieving pdf/image data')).not.toBeInTheDocument();
  });
});
