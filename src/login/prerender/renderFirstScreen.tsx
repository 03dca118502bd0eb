import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { PrerenderedFlags } from '../../layout/preferences';
import { Boot } from '../Boot';
import { type FirstScreenVariant, type RenderedVariant, variantFlags } from './firstPaint';

/**
 * The first screen of a visitor without a session, rendered in Node at build
 * time: the very tree main.tsx hydrates (Boot, no session), with emotion's
 * CSS for it extracted into style tags. The cache and flag providers above it
 * add no tree positions, so useId's ids match the browser's.
 */
export async function renderFirstScreen(variant: FirstScreenVariant): Promise<RenderedVariant> {
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <CacheProvider value={cache}>
      <PrerenderedFlags.Provider value={variantFlags(variant)}>
        <StrictMode>
          <Boot hasSession={false} />
        </StrictMode>
      </PrerenderedFlags.Provider>
    </CacheProvider>,
    { onError: (error) => void errors.push(error) },
  );
  // React would render an erring part in the browser instead: a build that paints nothing of it must fail
  if (errors.length > 0) throw new AggregateError(errors, `prerendering the login screen failed: ${String(errors[0])}`);
  const markup = await new Response(prelude).text();
  return { ...variant, markup, styles: constructStyleTagsFromChunks(extractCriticalToChunks(markup)) };
}
