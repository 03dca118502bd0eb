/**
 * What a failed call tells the user (docs/product.md#error-catalogue): a titled notification, its text
 * depending on a 400 or anything else; network failures of some screens only
 * logged, and some reads only logged whatever the failure (the screen says it in
 * place); no notification for a 404 where the spec says so. A write's texts are
 * its save's or command's `failure`, a read's its RetryAlert's.
 */
import { useCallback, useEffect } from 'react';
import { HttpError } from 'react-admin';
import { useNotifyTitled } from './notifications';

export type FailureKind = 'badRequest' | 'notFound' | 'server' | 'network';

/** A 400, a 404, another answer (or an unconfirmed one), or no answer at all (fetch's TypeError). */
export function failureKind(error: unknown): FailureKind {
  if (error instanceof HttpError) return error.status === 400 ? 'badRequest' : error.status === 404 ? 'notFound' : 'server';
  return error instanceof TypeError ? 'network' : 'server';
}

/** A failure notified: its title, and its text by kind. */
export interface NotifiedFailure {
  /** message key of the notification's title */
  title: string;
  /** message key of the text after a 400; default `other` */
  badRequest?: string;
  /** message key of the text after any other failure; none: title only */
  other?: string;
  /** only log a network failure (docs/product.md#error-catalogue: the kiln screens) */
  logNetworkErrors?: boolean;
  /** no notification for a 404 (docs/product.md#error-catalogue: pdf/image data) */
  quietNotFound?: boolean;
  /**
   * the server's own sentence instead of the text: after a 400 when it gives one
   * (a file the user can fix, m7), or after any refusal (4xx: an amount used meanwhile)
   */
  serverReason?: 'badRequest' | 'refusal';
}

/** A failure only logged, whatever its kind: the screen says it in place (docs/product.md#error-catalogue: a carbon summary, the kiln logs). */
export interface LoggedFailure {
  onlyLogged: true;
}

export type FailureTexts = NotifiedFailure | LoggedFailure;

export const ONLY_LOGGED: LoggedFailure = { onlyLogged: true };

/** The server's sentence of a 400 (`{message}`), if any. */
export function badRequestReason(error: unknown): string | undefined {
  if (!(error instanceof HttpError) || error.status !== 400) return undefined;
  const body: unknown = error.body;
  const message = typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** The server's sentence of a refusal (a 4xx, e.g. an audited burn), as the HttpError carries it. */
function refusalReason(error: unknown): string | undefined {
  return error instanceof HttpError && error.status >= 400 && error.status < 500 && error.message ? error.message : undefined;
}

/** The `errors` of a 400's body, `{"<field path>": "<reason>"}`, when it has them. */
export function fieldErrorsOf(error: unknown): Partial<Record<string, string>> | null {
  if (!(error instanceof HttpError) || error.status !== 400) return null;
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return null;
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** report(error, texts): notifies (or only logs) a failure and tells which kind it was. */
export function useFailureReport() {
  const notifyTitled = useNotifyTitled();
  return useCallback(
    (error: unknown, texts: FailureTexts): FailureKind => {
      const kind = failureKind(error);
      if ('onlyLogged' in texts || (kind === 'network' && texts.logNetworkErrors)) console.error(error);
      else if (!(kind === 'notFound' && texts.quietNotFound)) {
        const reason =
          texts.serverReason === 'refusal'
            ? refusalReason(error)
            : texts.serverReason === 'badRequest'
              ? badRequestReason(error)
              : undefined;
        notifyTitled(texts.title, reason ?? (kind === 'badRequest' ? (texts.badRequest ?? texts.other) : texts.other));
      }
      return kind;
    },
    [notifyTitled],
  );
}

/** Reports a query's error once per error (keep `texts` a constant; none: not reported). */
export function useReportQueryFailure(error: unknown, texts: FailureTexts | undefined): void {
  const report = useFailureReport();
  useEffect(() => {
    if (error && texts) report(error, texts);
  }, [error, texts, report]);
}
