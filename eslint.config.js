// Lint rules run by `npm test` (tests/run-all.mjs). The import boundaries keep the
// layers of docs/architecture.md apart.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const restricted = (patterns) => ['error', { patterns }];
const noServerInConsole = {
  group: ['**/mock-server/**'],
  message: 'The console never imports server code.',
};
const onlyDomainInServer = {
  group: ['**/src/*', '!**/src/domain', '**/src/!(domain)/**'],
  message: 'The server imports only pure domain code from src/domain.',
};
// one date formatter (src/domain/dates.ts) for screens and documents: never the browser's locale
const noLocaleDates = [
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
    message: "Write dates with src/domain/dates.ts and numbers with src/domain/format.ts, never in the browser's locale.",
  },
  {
    selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
    message: 'Write dates with src/domain/dates.ts.',
  },
];
const noTools = {
  group: ['**/tools', '**/tools/**', './*-cli', '../*-cli'],
  message: "The server's runtime code imports nothing from the tools (mock-server/tools).",
};

export default tseslint.config(
  {
    ignores: ['dist/**', 'coverage/**', 'test-results/**', 'reports/**', '.stryker-tmp/**', 'src/domain/api/generated.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'none',
        },
      ],
      'no-undef': 'off', // TypeScript checks names (tsconfig.json)
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': restricted([noServerInConsole]),
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/providers/**'],
    rules: {
      'no-restricted-imports': restricted([
        noServerInConsole,
        {
          group: ['**/providers/httpClient', '**/providers/apiUrl'],
          message: 'Call the API through a method of the data provider (src/providers).',
        },
      ]),
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message: 'Call the API through the data or auth provider (src/providers).',
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'window',
          property: 'fetch',
          message: 'Call the API through the data or auth provider (src/providers).',
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': restricted([
        {
          group: ['react', 'react-*', 'react/*', '@mui/*', 'ra-*', 'react-admin'],
          message: 'Domain logic is pure: no React or UI imports.',
        },
        {
          group: ['**/mock-server/**'],
          message: 'Domain logic imports nothing from the server.',
        },
      ]),
    },
  },
  {
    files: ['mock-server/**/*.ts'],
    rules: {
      'no-restricted-imports': restricted([onlyDomainInServer, noTools]),
    },
  },
  {
    files: ['mock-server/tools/**/*.ts'],
    rules: {
      'no-restricted-imports': restricted([onlyDomainInServer]),
    },
  },
  {
    // payload types reach code through the alias module of their API area (src/domain/api/<area>.ts);
    // the API's paths only the one typed client (src/providers/apiClient.ts), which every API call goes through
    files: ['**/*.{ts,tsx}'],
    ignores: ['src/domain/api/**', 'src/providers/apiClient.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restricted([
        {
          group: ['**/api/generated', './generated'],
          message: 'Import payload types from the alias module of their area (src/domain/api/<area>.ts), not generated.ts.',
        },
        {
          group: ['openapi-fetch'],
          message: 'Call the API through the one typed client, src/providers/apiClient.ts.',
        },
      ]),
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'mock-server/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noLocaleDates] },
  },
  {
    // what a screen or a document shows: never a raw ISO string
    files: ['src/**/*.tsx', 'mock-server/auditPackage/report.ts', 'mock-server/eco-assets/certificate.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...noLocaleDates,
        {
          selector: 'CallExpression[callee.property.name=/^to(ISO|UTC|GMT|Date|Time)String$/]',
          message: 'Write dates with src/domain/dates.ts: no raw ISO or engine date string on a screen or in a document.',
        },
      ],
    },
  },
  {
    // the CSP carries the hash of the console's one inline script (mock-server/http/security.ts)
    files: ['mock-server/http/security.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        console: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // the store imports only itself, src/domain and file storage (blobs/, all but its HTTP error): one block per folder depth,
  // as the relative path that leaves store/ depends on it
  ...[1, 2, 3].map((up) => ({
    files: [`mock-server/store/${'*/'.repeat(up - 1)}*.ts`],
    rules: {
      'no-restricted-imports': restricted([
        {
          regex: `^(\\.\\./){${up}}(?!blobs/(?!missingFile)|\\.\\./src/domain/)`,
          message:
            'The store imports only mock-server/store/**, src/domain/** and file storage (blobs/): nothing from HTTP, route or area folders; map store errors in http/errors.ts.',
        },
        {
          group: ['**/src/domain/api', '**/src/domain/api/**'],
          message: "The store speaks its own record model (store/model.ts), not the API's payload types.",
        },
      ]),
    },
  })),
);
