import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import { FIRST_SCREEN_VARIANTS, injectFirstScreen } from './firstPaint';

/**
 * Build only: renders the login screen's variants in Node (through Vite, so
 * the sources load as the browser's build reads them) and writes them into
 * the built index.html with the script that paints one (firstPaint.ts).
 */
export function prerenderFirstScreen(): Plugin {
  let root = process.cwd();
  return {
    name: 'kiln-prerender-first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        // a server-side module loader kept open while rendering: the login screen's parts are lazy imports
        const vite = await createServer({
          configFile: false,
          root,
          logLevel: 'warn',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        try {
          const module = (await vite.ssrLoadModule(
            path.join(root, 'src/login/prerender/renderFirstScreen.tsx'),
          )) as typeof import('./renderFirstScreen');
          const variants = [];
          for (const variant of FIRST_SCREEN_VARIANTS) variants.push(await module.renderFirstScreen(variant));
          return injectFirstScreen(html, variants);
        } finally {
          await vite.close();
        }
      },
    },
  };
}
