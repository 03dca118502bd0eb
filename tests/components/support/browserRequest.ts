/**
 * jsdom has no fetch API, so the console's typed client (src/providers/apiClient.ts)
 * builds its calls with Node's Request. Two things a browser's Request does that
 * Node's does not, given here: a URL relative to the page ('/api/…') resolves
 * against it, and a multipart body keeps the FormData the call built (Node's
 * Request cannot read jsdom's File, so its own copy of the body loses the files).
 */
const formBodies = new WeakMap<Request, FormData>();

export function installBrowserRequest(): void {
  const NodeRequest = globalThis.Request;
  class BrowserRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, location.href) : input, init);
      if (init?.body instanceof FormData) formBodies.set(this, init.body);
    }
  }
  globalThis.Request = BrowserRequest;
}

/** The URL a call was made to, as the console wrote it: the page's origin left off. */
export const pathOf = (request: Request): string =>
  request.url.startsWith(location.origin) ? request.url.slice(location.origin.length) : request.url;

/** What the call sends: the FormData it built, or the text of its body; none for a call without one. */
export async function bodyOf(request: Request): Promise<BodyInit | undefined> {
  return formBodies.get(request) ?? (request.body === null ? undefined : await request.clone().text());
}
