import { STORAGE_KEYS, type StorageKey } from '../../layout/preferences';
import { TOKEN_STORAGE_KEY } from '../../providers/session';
import { PUBLIC_PATHS } from '../../transparency/publicPaths';

/**
 * The login screen painted from index.html before any JavaScript file has
 * loaded (a phone's first screen). It is prerendered at build time once per
 * state it can be in: light or dark, cookie banner shown or accepted. A small
 * inline script, allowed by its hash in the Content-Security-Policy, puts the
 * visitor's variant into #root before the first paint, so a dark-mode user
 * never sees a light screen; main.tsx then hydrates that markup.
 *
 * On a slow phone the screen stands for seconds before its code arrives. A tap
 * on a control marked with FIRST_PAINT_FLAG meanwhile (Accept, the Dark Mode
 * switch) is kept: the script stores the choice, and hides what Accept
 * dismisses; hydration renders the variant painted (`data-first-paint` on
 * #root, read by paintedFlags) and then the stored choice. Enter in the
 * painted form with both fields filled is kept too (FIRST_PAINT_SUBMIT on
 * #root): its Login button is still disabled, so the browser would drop it,
 * and the form submits once it is live.
 */

export interface FirstScreenVariant {
  darkMode: boolean;
  cookiesAccepted: boolean;
}

export const FIRST_SCREEN_VARIANTS: readonly FirstScreenVariant[] = [
  { darkMode: false, cookiesAccepted: false },
  { darkMode: true, cookiesAccepted: false },
  { darkMode: false, cookiesAccepted: true },
  { darkMode: true, cookiesAccepted: true },
];

const TEMPLATE_PREFIX = 'kc-first-screen';
/** Attribute naming the storage key a control sets (a button: true; a checkbox: its state). */
export const FIRST_PAINT_FLAG = 'data-first-paint-flag';
/** Attribute of what a button's tap dismisses before the code has arrived. */
export const FIRST_PAINT_DISMISS = 'data-first-paint-dismiss';
const PAINTED_ATTRIBUTE = 'data-first-paint';
/** Attribute on #root: Enter was pressed in the painted form with both fields filled. */
export const FIRST_PAINT_SUBMIT = 'data-first-paint-submit';

export function templateId({ darkMode, cookiesAccepted }: FirstScreenVariant): string {
  return `${TEMPLATE_PREFIX}-${darkMode ? 'dark' : 'light'}-${cookiesAccepted ? 'accepted' : 'banner'}`;
}

/**
 * Runs while the page is parsed, after the templates: not a public page's path
 * (src/transparency/publicPaths.ts), no session in this tab
 * (the console paints itself then) and storage readable, it moves the chosen
 * variant's styles into <head> and its markup into #root, and drops the
 * templates. Any surprise leaves #root empty: the script renders as before.
 */
export const FIRST_PAINT_SCRIPT = `(function(){
function paint(){
if(${JSON.stringify(PUBLIC_PATHS)}.indexOf(location.pathname)>=0)return;
if(sessionStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)}))return;
var flag=function(k){return localStorage.getItem(k)==='true'};
var t=document.getElementById(${JSON.stringify(TEMPLATE_PREFIX)}+'-'+(flag(${JSON.stringify(STORAGE_KEYS.darkMode)})?'dark':'light')+'-'+(flag(${JSON.stringify(STORAGE_KEYS.cookiesAccepted)})?'accepted':'banner'));
var root=document.getElementById('root');
if(!t||!root||root.firstChild)return;
var f=t.content.cloneNode(true);
f.querySelectorAll('style').forEach(function(s){document.head.appendChild(s)});
root.appendChild(f);
root.setAttribute(${JSON.stringify(PAINTED_ATTRIBUTE)},t.id);
document.addEventListener('click',function(e){
var c=e.target instanceof Element&&e.target.closest('[${FIRST_PAINT_FLAG}]');
if(!c||!root.contains(c))return;
try{localStorage.setItem(c.getAttribute(${JSON.stringify(FIRST_PAINT_FLAG)}),c.type==='checkbox'?String(c.checked):'true')}catch(x){return}
var d=c.type==='checkbox'?null:c.closest('[${FIRST_PAINT_DISMISS}]');
if(d)d.style.display='none';
},true);
document.addEventListener('keydown',function(e){
var i=e.target;
if(e.key!=='Enter'||!(i instanceof HTMLInputElement)||!i.form||!root.contains(i.form)||i.form.hasAttribute('data-live'))return;
var b=i.form.querySelector('button[type=submit]');
if(b&&!b.disabled)return;
e.preventDefault();
if([].every.call(i.form.querySelectorAll('input[name]'),function(x){return x.value!==''}))root.setAttribute(${JSON.stringify(FIRST_PAINT_SUBMIT)},'');
},true);
document.addEventListener('submit',function(e){if(root.contains(e.target)&&!e.target.hasAttribute('data-live')&&!root.hasAttribute('data-app'))e.preventDefault()},true);
}
try{paint()}catch(e){}
document.querySelectorAll('template[id^=${TEMPLATE_PREFIX}]').forEach(function(t){t.remove()});
})();`;

/**
 * The flags of the variant the script painted into #root, for hydration to
 * render the same markup; none when it painted nothing (the console renders anew).
 */
export function paintedFlags(root: Element): Partial<Record<StorageKey, boolean>> {
  const variant = FIRST_SCREEN_VARIANTS.find((v) => templateId(v) === root.getAttribute(PAINTED_ATTRIBUTE));
  return variant ? variantFlags(variant) : {};
}

/** The stored flags a variant is rendered with. */
export function variantFlags({ darkMode, cookiesAccepted }: FirstScreenVariant): Record<StorageKey, boolean> {
  return { [STORAGE_KEYS.darkMode]: darkMode, [STORAGE_KEYS.cookiesAccepted]: cookiesAccepted };
}

export interface RenderedVariant extends FirstScreenVariant {
  /** the markup React rendered for #root */
  markup: string;
  /** emotion's <style data-emotion> tags for that markup (theme-dependent, so per variant) */
  styles: string;
}

const ROOT = '<div id="root"></div>';

/** index.html with the variants as templates after the empty #root, and the script that picks one. */
export function injectFirstScreen(html: string, variants: readonly RenderedVariant[]): string {
  if (html.split(ROOT).length !== 2) throw new Error(`index.html must hold exactly one ${ROOT}`);
  if (variants.some((v) => /<script/i.test(v.markup) || /<script/i.test(v.styles))) {
    throw new Error('the prerendered login screen must carry no script (the CSP allows only the first-paint script)');
  }
  const templates = variants.map((v) => `<template id="${templateId(v)}">${v.styles}${v.markup}</template>`).join('\n');
  return html.replace(ROOT, `${ROOT}\n${templates}\n<script>${FIRST_PAINT_SCRIPT}</script>`);
}
