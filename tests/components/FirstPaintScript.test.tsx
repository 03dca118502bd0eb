import { beforeEach, describe, expect, it } from 'vitest';
import {
  FIRST_PAINT_SCRIPT,
  FIRST_SCREEN_VARIANTS,
  injectFirstScreen,
  paintedFlags,
  templateId,
} from '../../src/login/prerender/firstPaint';

/** index.html's inline script, run on a page built as the build builds it: which variant it paints, and when none. */
function loadPage(controls = ''): void {
  const html = injectFirstScreen(
    '<div id="root"></div>',
    FIRST_SCREEN_VARIANTS.map((v) => ({
      ...v,
      markup: `<main>${templateId(v)}</main>${controls}`,
      styles: `<style data-emotion="css ${templateId(v)}"></style>`,
    })),
  );
  document.head.innerHTML = '';
  // scripts set through innerHTML do not run: the page is parsed first, then the script is run as the parser would
  document.body.innerHTML = html.replace(/<script>[\s\S]*<\/script>/, '');
  new Function(FIRST_PAINT_SCRIPT)();
}

const root = () => document.getElementById('root')!;

describe('the first-paint script', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('paints the light screen with the cookie banner for a first visit, its styles in <head>, and drops the templates', () => {
    loadPage();
    expect(root().innerHTML).toBe('<main>kc-first-screen-light-banner</main>');
    expect(document.head.querySelector('style')?.dataset.emotion).toBe('css kc-first-screen-light-banner');
    expect(document.querySelectorAll('template')).toHaveLength(0);
  });

  it.each([
    [{ 'kiln-console.dark-mode': 'true' }, 'kc-first-screen-dark-banner'],
    [{ 'kiln-console.cookies-accepted': 'true' }, 'kc-first-screen-light-accepted'],
    [{ 'kiln-console.dark-mode': 'true', 'kiln-console.cookies-accepted': 'true' }, 'kc-first-screen-dark-accepted'],
    [{ 'kiln-console.dark-mode': 'false' }, 'kc-first-screen-light-banner'],
  ])('paints the variant of the stored choices %o', (flags, variant) => {
    Object.entries(flags).forEach(([k, v]) => localStorage.setItem(k, v));
    loadPage();
    expect(root().innerHTML).toBe(`<main>${variant}</main>`);
  });

  it('paints nothing on a public page, session or not: the transparency page is not the login screen', () => {
    window.history.pushState({}, '', '/transparency');
    try {
      loadPage();
      expect(root().childNodes).toHaveLength(0);
      expect(document.querySelectorAll('template')).toHaveLength(0);
    } finally {
      window.history.pushState({}, '', '/');
    }
    loadPage();
    expect(root().innerHTML).toBe('<main>kc-first-screen-light-banner</main>');
  });

  it('paints nothing when the tab has a session: the console paints itself', () => {
    sessionStorage.setItem('token', 'x.y.z');
    loadPage();
    expect(root().childNodes).toHaveLength(0);
    expect(document.head.querySelector('style')).toBeNull();
    expect(document.querySelectorAll('template')).toHaveLength(0);
    expect(paintedFlags(root())).toEqual({});
  });

  it('names the variant it painted, for hydration to render the same flags', () => {
    localStorage.setItem('kiln-console.dark-mode', 'true');
    loadPage();
    expect(paintedFlags(root())).toEqual({ 'kiln-console.dark-mode': true, 'kiln-console.cookies-accepted': false });
  });

  const CONTROLS =
    '<div data-first-paint-dismiss="" id="banner"><button data-first-paint-flag="kiln-console.cookies-accepted">Accept</button></div>' +
    '<label><input type="checkbox" data-first-paint-flag="kiln-console.dark-mode">Dark Mode</label><button id="other">Other</button>';

  it('keeps an Accept tapped before the code arrives: stored, and the banner hidden', () => {
    loadPage(CONTROLS);
    document.getElementById('other')!.click();
    expect(localStorage.length).toBe(0);
    root().querySelector('button')!.click();
    expect(localStorage.getItem('kiln-console.cookies-accepted')).toBe('true');
    expect(document.getElementById('banner')!.style.display).toBe('none');
    // the painted variant stays what hydration renders first
    expect(paintedFlags(root())).toEqual({ 'kiln-console.dark-mode': false, 'kiln-console.cookies-accepted': false });
  });

  it('keeps the Dark Mode switch as tapped before the code arrives, each way', () => {
    loadPage(CONTROLS);
    const box = root().querySelector<HTMLInputElement>('input[type=checkbox]')!;
    box.click();
    expect(localStorage.getItem('kiln-console.dark-mode')).toBe('true');
    box.click();
    expect(localStorage.getItem('kiln-console.dark-mode')).toBe('false');
    expect(document.getElementById('banner')!.style.display).toBe('');
  });

  it('leaves controls alone when it painted nothing', () => {
    sessionStorage.setItem('token', 'x.y.z');
    loadPage();
    root().innerHTML = CONTROLS;
    root().querySelector('button')!.click();
    expect(localStorage.length).toBe(0);
    expect(document.getElementById('banner')!.style.display).toBe('');
  });
});
