/** The viewer's zoom steps, as multiples of the width that fits the viewer: 1 is "fit to width". */
export const ZOOM_STEPS = [1, 1.5, 2, 3] as const;
export type Zoom = (typeof ZOOM_STEPS)[number];

/** The next step in a direction, staying at the first or last. */
export function stepZoom(zoom: Zoom, direction: 1 | -1): Zoom {
  const at = ZOOM_STEPS.indexOf(zoom);
  return ZOOM_STEPS[Math.min(Math.max(at + direction, 0), ZOOM_STEPS.length - 1)];
}
