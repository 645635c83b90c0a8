// globalSetup runs outside jest's moduleNameMapper: map relative `.js` imports to the `.ts` sources.
const Module = require('node:module');
const original = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  try {
    return original.call(this, request, ...rest);
  } catch (e) {
    if (/^\.{1,2}\/.*\.js$/.test(request)) return original.call(this, request.slice(0, -3), ...rest);
    throw e;
  }
};
