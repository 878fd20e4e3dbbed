// @ts-check
/** @typedef {import('jest').Config} Config */

/** ESM-only packages that must go through the transform. */
const esmPackages = [
  'react-intl',
  '@formatjs',
  'intl-messageformat',
  'msw',
  '@mswjs',
  '@bundled-es-modules',
  'until-async',
  'outvariant',
  'strict-event-emitter',
  'headers-polyfill',
  'rettime',
  '@open-draft',
  '@ant-design',
  'antd',
  '@rc-component',
  'rc-[a-z-]+',
  'jose',
  'pbf',
  '@mapbox',
  'dayjs',
  'maplibre-gl',
  'cookie',
  'supercluster',
  'kdbush',
  'polylabel',
  'tinyqueue',
  'lineclip',
  'shpjs',
  'parsedbf',
  'but-unzip',
].join('|');

/** @type {Config['transform']} */
const transform = {
  '^.+\\.(t|j|mj|cj)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

const shared = {
  transform,
  // Modules compiled once per jest worker rather than once per test file (V8's compilation cache, ADR 092).
  runtime: '<rootDir>/test/runtimeWithCompilationCache.cjs',
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'jsx', 'json'],
  moduleNameMapper: {
    '\\.(css|less)$': '<rootDir>/test/styleStub.ts',
    // The app imports a few antd components by module (antd/es/…, for the bundle); jest runs antd's CommonJS build.
    '^antd/es/(.*)$': 'antd/lib/$1',
    // shpjs's CommonJS build is a browser bundle (it needs `self`); the server loads its ES module, as jest must.
    '^shpjs$': '<rootDir>/node_modules/shpjs/lib/index.js',
    '^but-unzip$': '<rootDir>/node_modules/but-unzip/index.node.min.mjs',
  },
};

/** @type {Config} */
const config = {
  // A worker that keeps more than this after a test file is replaced by a fresh one: the modules each
  // file loads (antd, the server, pdfkit) pile up in a long-lived worker, and one ran out of heap in a
  // full run (pushEndpointGuard, "Jest worker ran out of memory") after 200 files on two workers.
  workerIdleMemoryLimit: '1GB',
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testEnvironment: '<rootDir>/test/nodeEnvironmentWithOrdinaryGlobal.cjs',
      testMatch: ['<rootDir>/test/unit/**/*.test.ts?(x)'],
    },
    {
      ...shared,
      displayName: 'components',
      testEnvironment: 'jest-fixed-jsdom',
      // antd's components one by one as a test uses them, not its whole barrel per test file.
      moduleNameMapper: {
        ...shared.moduleNameMapper,
        '^antd$': '<rootDir>/test/components/antdOnDemand.cjs',
      },
      testEnvironmentOptions: { customExportConditions: [''] },
      setupFilesAfterEnv: ['<rootDir>/test/components/setup.ts'],
      testMatch: ['<rootDir>/test/components/**/*.test.ts?(x)'],
    },
    {
      ...shared,
      displayName: 'server',
      testEnvironment: '<rootDir>/test/nodeEnvironmentWithOrdinaryGlobal.cjs',
      // One throwaway PostgreSQL/PostGIS cluster for the repository contract tests (test/server/contracts).
      globalSetup: '<rootDir>/test/server/globalSetup.ts',
      globalTeardown: '<rootDir>/test/server/globalTeardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/server/setup.ts'],
      testMatch: ['<rootDir>/test/server/**/*.test.ts'],
    },
    {
      ...shared,
      displayName: 'e2e',
      testEnvironment: '<rootDir>/test/nodeEnvironmentWithOrdinaryGlobal.cjs',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/test/e2e/globalSetup.ts',
      globalTeardown: '<rootDir>/test/e2e/globalTeardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/e2e/setup.ts'],
    },
  ],
};

module.exports = config;
