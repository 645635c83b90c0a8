// The parts in their order (parts.cjs says why), then the unit tests in jest's own order.
const Sequencer = require('@jest/test-sequencer').default;
const { partOf } = require('./parts.cjs');

class PartsFirst extends Sequencer {
  sort(tests) {
    const parts = tests.filter((t) => partOf(t.path) !== null).sort((a, b) => partOf(a.path) - partOf(b.path));
    return [...parts, ...super.sort(tests.filter((t) => partOf(t.path) === null))];
  }
}

module.exports = PartsFirst;
