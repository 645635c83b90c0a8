// The parts in their order (parts.cjs says why), then the unit tests in jest's own order.
const Sequencer = require('@jest/test-sequencer').default;

const partOf = (path) => {
  const m = /part-(\d+)\.suite-spec\.ts$/.exec(path);
  return m ? Number(m[1]) : Number.POSITIVE_INFINITY;
};

class PartsFirst extends Sequencer {
  sort(tests) {
    const parts = tests.filter((t) => Number.isFinite(partOf(t.path))).sort((a, b) => partOf(a.path) - partOf(b.path));
    return [...parts, ...super.sort(tests.filter((t) => !Number.isFinite(partOf(t.path))))];
  }
}

module.exports = PartsFirst;
