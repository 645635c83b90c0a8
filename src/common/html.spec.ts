import { escapeHtml } from './html.js';

describe('escapeHtml', () => {
  it('escapes the five characters that can end a text or an attribute, and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;');
    expect(escapeHtml('₹85.00 back, 06:30 IST')).toBe('₹85.00 back, 06:30 IST');
  });

  it('escapes an ampersand once (an already escaped text is escaped again, as text)', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
