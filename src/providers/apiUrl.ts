/** Where the API lives; the console knows nothing else of the backend (docs/product.md#shape-of-the-system). */
export const API_URL: string = import.meta.env.VITE_API_URL ?? '/api';

export const apiUrl = (path: string): string => `${API_URL}${path}`;
