import { escapeXml, textElement, XML_DECLARATION } from '../../../../src/server/seo/xml';
import { parseXml } from '../../../support/html';

const HOSTILE = ['a & b', '<tag attr="x">', "it's", ']]>', '\u0000\u0001\u0008\u000b\u000c\u001f', '\ud800 lone \udfff', '\ufffe\uffff', '😀 ok', 'tab\tnew\nline\r'];

describe('escapeXml', () => {
  it('escapes the markup characters', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });

  it('drops characters XML 1.0 forbids and keeps the rest', () => {
    expect(escapeXml('\u0000a\u0001b\ud800c\ufffe😀\t')).toBe('abc😀\t');
  });

  it.each(HOSTILE)('keeps a document well-formed with %j as text and as an attribute', (text) => {
    const doc = parseXml(`${XML_DECLARATION}<root a="${escapeXml(text)}">${textElement('t', text)}</root>`);
    const expected = text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
    expect(doc.getElementsByTagName('t')[0]?.textContent ?? '').toBe(expected.replace(/\r/g, '\n'));
  });

  it('textElement writes nothing for no text', () => {
    expect(textElement('x', undefined)).toBe('');
    expect(textElement('x', '')).toBe('');
  });
});
