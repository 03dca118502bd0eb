import { describe, expect, it } from 'vitest';
import {
  FIRST_PAINT_SCRIPT,
  FIRST_SCREEN_VARIANTS,
  injectFirstScreen,
  templateId,
  type RenderedVariant,
} from '../../../src/login/prerender/firstPaint';

const PAGE =
  '<!doctype html><html><head><title>t</title></head><body><div id="root"></div><script type="module" src="/main.js"></script></body></html>';

const rendered = (markup = '<main>Login</main>'): RenderedVariant[] =>
  FIRST_SCREEN_VARIANTS.map((v) => ({ ...v, markup: `${markup}${templateId(v)}`, styles: `<style data-emotion="css a">.a{}</style>` }));

describe('injectFirstScreen', () => {
  it('puts one template per variant after the empty root, then the first-paint script, before the module script', () => {
    const html = injectFirstScreen(PAGE, rendered());
    const ids = [...html.matchAll(/<template id="([^"]+)">/g)].map((m) => m[1]);
    expect(ids).toEqual(FIRST_SCREEN_VARIANTS.map(templateId));
    expect(new Set(ids).size).toBe(4);
    expect(html).toContain(
      `<template id="kc-first-screen-dark-banner"><style data-emotion="css a">.a{}</style><main>Login</main>kc-first-screen-dark-banner</template>`,
    );
    const root = html.indexOf('<div id="root"></div>');
    const script = html.indexOf(`<script>${FIRST_PAINT_SCRIPT}</script>`);
    expect(root).toBeGreaterThan(0);
    expect(script).toBeGreaterThan(html.lastIndexOf('</template>'));
    expect(script).toBeLessThan(html.indexOf('<script type="module"'));
  });

  it('refuses markup carrying a script, which the Content-Security-Policy would block', () => {
    expect(() => injectFirstScreen(PAGE, rendered('<script>x()</script>'))).toThrow(/no script/);
  });

  it('refuses a page without exactly one empty root', () => {
    expect(() => injectFirstScreen(PAGE.replace('<div id="root"></div>', ''), rendered())).toThrow(/exactly one/);
    expect(() =>
      injectFirstScreen(PAGE.replace('<div id="root"></div>', '<div id="root"></div><div id="root"></div>'), rendered()),
    ).toThrow(/exactly one/);
  });
});
