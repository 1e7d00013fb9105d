/**
 * oEmbed's XML form, as WordPress's `_oembed_create_xml` writes it with SimpleXML: an
 * `<oembed>` element with one child a member (nested objects nested, list items named
 * `oembed`), text escaped, characters beyond ASCII as character references.
 *
 * @module
 */

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text a value becomes: entities of the HTML it holds read, then written as XML. */
function xmlText(value: unknown): string {
  const text = value === true ? '1' : value === false || value === null || value === undefined ? '' : String(value);
  const decoded = text.replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return NAMED[name.toLowerCase()] ?? whole;
  });
  let out = '';
  for (const char of decoded) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '&') out += '&amp;';
    else if (char === '<') out += '&lt;';
    else if (char === '>') out += '&gt;';
    else if (code > 126) out += `&#x${code.toString(16).toUpperCase()};`;
    else out += char;
  }
  return out;
}

function children(data: Record<string, unknown> | unknown[]): string {
  let out = '';
  for (const [key, value] of Object.entries(data)) {
    const name = /^\d+$/.test(key) ? 'oembed' : key;
    if (typeof value === 'object' && value !== null) out += `<${name}>${children(value as Record<string, unknown>)}</${name}>`;
    else out += `<${name}>${xmlText(value)}</${name}>`;
  }
  return out;
}

/**
 * The XML document of oEmbed data (or of an error's body).
 *
 * @example
 * oembedXml({ version: '1.0', type: 'rich' }); // '<?xml version="1.0"?>\n<oembed><version>1.0</version><type>rich</type></oembed>\n'
 */
export function oembedXml(data: Record<string, unknown>): string {
  return `<?xml version="1.0"?>\n<oembed>${children(data)}</oembed>\n`;
}
