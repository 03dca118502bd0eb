/** The burn chart's size (docs/product.md#constants-and-limits), apart from the chart module so the page can reserve it without loading recharts. */
export const CHART_SIZE = { width: 650, height: 450 } as const;

/** Below this window width the 650-pixel chart does not fit beside the list: it opens in a full-screen dialog instead. */
export const NARROW_WINDOW_QUERY = '(max-width:699.95px)';
