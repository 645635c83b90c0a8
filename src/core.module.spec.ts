import { logsRequests } from './core.module.js';

describe('request logging', () => {
  it('runs where its info-level lines can be written, and not above', () => {
    expect(['trace', 'debug', 'info'].map(logsRequests)).toEqual([true, true, true]);
    expect(['warn', 'error', 'fatal', 'silent'].map(logsRequests)).toEqual([false, false, false, false]);
  });
});
