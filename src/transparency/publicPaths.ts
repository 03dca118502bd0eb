/** The console's one page open without logging in: the transparency log's (docs/security.md, "Transparency log"). */
export const TRANSPARENCY_PATH = '/transparency';

/** The paths of public pages: rendered without a session, and never painted as the login screen (login/prerender/firstPaint.ts). */
export const PUBLIC_PATHS: readonly string[] = [TRANSPARENCY_PATH, `${TRANSPARENCY_PATH}/`];

export const isPublicPath = (pathname: string): boolean => PUBLIC_PATHS.includes(pathname);
