import { csvCell, csvDocument, rupeesText } from './csv.js';

describe('csv', () => {
  it('never lets a spreadsheet run text as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+91 98')).toBe("'+91 98");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('quotes commas, quotes and line breaks, and leaves plain text alone', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('Deposit')).toBe('Deposit');
    expect(csvCell(null)).toBe('');
  });

  it('writes paise as exact rupees with two decimals, a debit with a minus that stays a number', () => {
    expect(csvCell(-2500n)).toBe('-25.00');
    expect(rupeesText(12_345n)).toBe('123.45');
    expect(rupeesText(5n)).toBe('0.05');
    expect(rupeesText(-5n)).toBe('-0.05');
    expect(rupeesText(900_719_925_474_099_312n)).toBe('9007199254740993.12');
  });

  it('starts with a byte-order mark and ends each line with CRLF', () => {
    expect(
      csvDocument([
        ['a', 100n],
        ['b', null],
      ]),
    ).toBe('\ufeffa,1.00\r\nb,\r\n');
  });
});
