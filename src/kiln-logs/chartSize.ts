/** The burn chart's size (spec §9), apart from the chart module so the page can reserve it without loading recharts. */
export const CHART_SIZE = { width: 650, height: 450 } as const;
