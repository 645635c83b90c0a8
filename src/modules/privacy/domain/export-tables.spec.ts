import { csvCell, tableOf, toCsv } from './export-tables.js';

describe('data export tables', () => {
  it('quotes cells with commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(-40)).toBe('-40');
  });

  it('never lets a spreadsheet run a typed formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+91 98')).toBe("'+91 98");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2+3')).toBe("'-2+3");
  });

  it('turns records into a table with dates as ISO instants and lists joined', () => {
    const t = tableOf([{ id: 'a', at: new Date('2026-01-02T03:04:05Z'), tags: ['x', 'y'], none: null, n: 2 }]);
    expect(t).toEqual({ columns: ['id', 'at', 'tags', 'none', 'n'], rows: [['a', '2026-01-02T03:04:05.000Z', 'x; y', null, 2]] });
    expect(toCsv(t)).toBe('id,at,tags,none,n\r\na,2026-01-02T03:04:05.000Z,x; y,,2\r\n');
  });
});
