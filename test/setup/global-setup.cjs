require('./resolve-js.cjs');
module.exports = require('./global-setup.ts').default;
