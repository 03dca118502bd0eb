import { useCallback, useState } from 'react';

/** A ref callback and the element's current content width (undefined until measured, or without ResizeObserver). */
export function useElementWidth(): [(element: HTMLElement | null) => void, number | undefined] {
  const [width, setWidth] = useState<number>();
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
