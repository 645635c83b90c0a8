/** Jest in CommonJS mode with swc transforming everything (NestJS 12 is ESM-only; see TOOLCHAIN.md). */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    keepClassNames: true,
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts', '<rootDir>/test/**/*.browser-spec.ts'],
  transform: { '^.+\\.(t|j|mj)s$': ['@swc/jest', swc] },
  transformIgnorePatterns: [],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  globalSetup: '<rootDir>/test/setup/global-setup.cjs',
  globalTeardown: '<rootDir>/test/setup/global-teardown.cjs',
  testTimeout: 60000,
  // One worker process runs the files one after another (the run shares one database, see test/setup/global-setup.ts);
  // it is replaced when it holds more than this after a file, so the heap every NestJS app leaves behind never grows
  // into slow, then fatal, garbage collection (a single in-band process reached Node's 4 GB limit).
  workerIdleMemoryLimit: '1536MB',
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/client/', '<rootDir>/.data/'],
};
