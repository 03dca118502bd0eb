import { describe, expect, it } from 'vitest';
import { renderFirstScreen } from '../../../src/login/prerender/renderFirstScreen';

/** The login screen rendered at build time (no browser, no storage): each variant as the browser would render it. */
describe('renderFirstScreen', { timeout: 60000 }, () => {
  it('renders the whole login screen, with its CSS, and nothing left for the browser to render', async () => {
    const { markup, styles } = await renderFirstScreen({ darkMode: false, cookiesAccepted: false });
    expect(markup).toMatch(/<h1[^>]*>Login<\/h1>/);
    expect(markup).toMatch(/<input[^>]*autoComplete="username"[^>]*autofocus=""[^>]*name="username"/);
    expect(markup).toMatch(/<input[^>]*type="password"[^>]*name="password"|<input[^>]*name="password"[^>]*type="password"/);
    expect(markup).toContain('We use cookies to improve your experience.');
    expect(markup).toContain('Dark Mode');
    expect(markup).toMatch(/<button[^>]*disabled=""[^>]*>Login/);
    // "<!--$!-->" would mark a part React failed to render here and leaves to the browser
    expect(markup).not.toContain('<!--$!-->');
    expect(markup).not.toMatch(/<script/i);
    // every emotion class in the markup has its rule in the extracted styles
    const classes = [
      ...new Set([...markup.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(' ')).filter((c) => c.startsWith('css-'))),
    ];
    expect(classes.length).toBeGreaterThan(10);
    for (const c of classes) expect(styles).toContain(`.${c}`);
  });

  it('renders the stored choices: the dark theme with its switch on, and no banner once cookies are accepted', async () => {
    const light = await renderFirstScreen({ darkMode: false, cookiesAccepted: false });
    const dark = await renderFirstScreen({ darkMode: true, cookiesAccepted: true });
    expect(dark.markup).not.toContain('We use cookies');
    expect(light.markup).not.toMatch(/<input[^>]*checked=""/);
    expect(dark.markup).toMatch(/<input[^>]*checked=""/);
    const bodyBackground = (styles: string) => /body\{[^}]*background-color:([^;}]+)/.exec(styles)?.[1];
    expect(bodyBackground(light.styles)).toBeDefined();
    expect(bodyBackground(dark.styles)).toBeDefined();
    expect(bodyBackground(dark.styles)).not.toBe(bodyBackground(light.styles));
  });
});
