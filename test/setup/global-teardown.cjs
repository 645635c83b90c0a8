require('./resolve-js.cjs');
module.exports = require('./global-teardown.ts').default;
