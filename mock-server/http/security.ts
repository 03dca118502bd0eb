import { createHash } from 'node:crypto';
import helmet from 'helmet';
import { FIRST_PAINT_SCRIPT } from '../../src/login/prerender/firstPaint';

/**
 * Security headers on every answer. The CSP allows what the console needs:
 * MUI/emotion inline styles, data:/blob: images (thumbnails, documents) and
 * the pdf.js worker served from our own origin. The one inline script,
 * index.html's first paint of the login screen, is allowed by its hash alone.
 */
export const FIRST_PAINT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}'`;

export const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", FIRST_PAINT_SCRIPT_HASH],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'worker-src': ["'self'", 'blob:'],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      'upgrade-insecure-requests': null,
    },
  },
  frameguard: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
});
