import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installBrowserRequest } from '../components/support/browserRequest';

// before any test file loads the console: its API client takes the Request it finds then
installBrowserRequest();

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
