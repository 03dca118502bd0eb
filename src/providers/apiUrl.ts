/** Where the API lives; the console knows nothing else of the backend (DESIGN §1). */
export const API_URL: string = import.meta.env.VITE_API_URL ?? '/api';

export const apiUrl = (path: string): string => `${API_URL}${path}`;
