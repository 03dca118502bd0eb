import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

/**
 * The console's own localStorage keys (docs/product.md#constants-and-limits). Kept apart from react-admin's
 * store on purpose: logout resets that store, and neither choice should go with it.
 */
export const STORAGE_KEYS = {
  darkMode: 'kiln-console.dark-mode',
  cookiesAccepted: 'kiln-console.cookies-accepted',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function readFlag(key: StorageKey): boolean {
  try {
    return localStorage.getItem(key) === 'true';
  } catch {
    return false; // storage blocked: behave as never chosen
  }
}

function writeFlag(key: StorageKey, value: boolean): void {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // storage blocked: the choice lasts for this page only
  }
  listeners.forEach((listener) => listener());
}

/**
 * The flags a page is rendered with where there is no storage: the login
 * screen prerendered at build time, once per value (login/prerender). In the
 * browser, hydration renders with the flags of the variant painted, then
 * with storage, which a tap before the code arrived may have changed.
 */
export const PrerenderedFlags = createContext<Partial<Record<StorageKey, boolean>>>({});

/** A yes/no preference saved in localStorage, shared live by every component that reads it. */
export function usePersistentFlag(key: StorageKey): [boolean, (value: boolean) => void] {
  const prerendered = useContext(PrerenderedFlags);
  const value = useSyncExternalStore(
    subscribe,
    () => readFlag(key),
    () => prerendered[key] ?? readFlag(key),
  );
  const set = useCallback((next: boolean) => writeFlag(key, next), [key]);
  return [value, set];
}
