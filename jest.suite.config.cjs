/**
 * `npm test`'s jest configuration: jest.config.cjs with the API, worker and browser test files run in parts, in a fixed
 * order (test/suites/parts.cjs says why), the unit tests one file each as before.
 */
const base = require('./jest.config.cjs');

module.exports = {
  ...base,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/suites/*.suite-spec.ts'],
  testSequencer: '<rootDir>/test/suites/sequencer.cjs',
};
