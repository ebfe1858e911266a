/**
 * XML text escaping for the sitemaps and the feed. Pure. Besides the five markup characters it
 * drops what XML 1.0 forbids outright (most control characters, lone surrogates, U+FFFE/U+FFFF),
 * which no escape could make legal, so untrusted titles can never make a document ill-formed.
 */
const NOT_XML_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe in XML character data and in quoted attribute values. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML_CHARACTER, '').replace(/[&<>"']/g, (character) => ENTITIES[character] ?? '');
}

/** `<name>text</name>`, or nothing when there is no text. */
export function textElement(name: string, text: string | undefined): string {
  return text === undefined || text === '' ? '' : `<${name}>${escapeXml(text)}</${name}>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
