import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * Page state kept in the URL's query, so browser Back returns to it and a link
 * can share it. Each change replaces the history entry: choosing does not add
 * steps for Back to walk through.
 */
export function useSearchParamState<K extends string>(
  names: readonly K[],
): [Record<K, string | null>, (changes: Partial<Record<K, string | null>>) => void] {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(names.map((name) => [name, params.get(name)])) as Record<K, string | null>;
  const change = useCallback(
    (changes: Partial<Record<K, string | null>>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes) as [K, string | null | undefined][]) {
            if (value === null || value === undefined) next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [values, change];
}

/** A record id read from the URL: a positive whole number, or null. */
export function idParam(text: string | null): number | null {
  if (text === null || !/^[1-9]\d{0,9}$/.test(text)) return null;
  return Number(text);
}
