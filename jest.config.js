/**
 * Tests are transformed by Sucrase (pure JavaScript, no native binaries, no type-checking);
 * `npm run typecheck` runs tsc separately (docs/decisions/0001).
 *
 * Two projects so that the browser tests' global setup (finding a Chromium, which may unpack
 * one) runs only when a browser test is selected, and once for all of them.
 */
/**
 * Packages published as ES modules only (sanitize-html's parser, htmlparser2, and its family).
 * Node 24 `require`s them natively; Jest 29's module loader cannot, so Sucrase turns them into
 * CommonJS for the tests.
 */
const ES_MODULE_PACKAGES = ['htmlparser2', 'domhandler', 'domutils', 'dom-serializer', 'domelementtype', 'entities'];

const shared = {
  testEnvironment: 'node',
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    '\\.(ts|tsx)$': ['@sucrase/jest-plugin', { jsxRuntime: 'automatic', production: true }],
    [`/node_modules/(?:${ES_MODULE_PACKAGES.join('|')})/.+\\.js$`]: '@sucrase/jest-plugin',
  },
  transformIgnorePatterns: [`/node_modules/(?!(?:${ES_MODULE_PACKAGES.join('|')})/)`],
};

module.exports = {
  testTimeout: 20000,
  projects: [
    // Every test folder but test/browser, so that a new folder is never left out.
    // Its global setup says in one line when the shared cache tier's tests skip (no store server on PATH).
    { ...shared, displayName: 'node', roots: ['<rootDir>/test'], testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/browser/'], globalSetup: '<rootDir>/test/support/store-check.ts' },
    { ...shared, displayName: 'browser', roots: ['<rootDir>/test/browser'], globalSetup: '<rootDir>/test/browser/support/find-chromium.mjs' },
  ],
};
