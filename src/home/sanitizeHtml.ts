/**
 * The browser's own sanitiser for Recent Changes bodies (DOMPurify), loaded
 * with Home's entries, not with the login screen. The server sanitised them
 * already (sanitize-html); this second pass means a body that reached the
 * store some other way, or another backend, still cannot run script here.
 */
export type Sanitize = (html: string) => string;

const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'u', 's', 'code', 'pre', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote'];

let loading: Promise<Sanitize> | null = null;

export function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('dompurify').then(({ default: DOMPurify }) => {
    // links open apart from the console, without access to it
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    return (html: string) =>
      DOMPurify.sanitize(html, {
        ALLOWED_TAGS,
        ALLOWED_ATTR: ['href', 'title', 'target', 'rel'],
        ALLOWED_URI_REGEXP: /^(?:https:|mailto:)/i,
      });
  });
  return loading;
}
