/**
 * Path templates: `/outgoing-links/:id` or the original's `/outgoing-links/(?P<id>[\d]+)`,
 * parsed into segments with their patterns, and shown in the original's form in the index.
 *
 * @module
 */

/** One path segment: literal text, or a pattern with named groups. */
export type Segment = { kind: 'static'; text: string } | { kind: 'pattern'; source: string; regex: RegExp; names: string[] };

/** A parsed path template. */
export interface PathPattern {
  /** The original's form, used as the route index key: `/tel/v1/outgoing-links/(?P<id>[\d]+)`. */
  readonly key: string;
  readonly segments: readonly Segment[];
  /** Set when a group can span segments: the route is matched by one whole-path regex. */
  readonly wholePath: RegExp | undefined;
  readonly paramNames: readonly string[];
}

/** The pattern a `:name` parameter gets unless told otherwise. */
export const DEFAULT_PARAM_PATTERN = '[^/]+';

/**
 * Converts `:name` parameters to the original's `(?P<name>pattern)` form.
 * `patternFor(name)` gives each parameter's pattern (`[\d]+` for integers).
 */
export function toOriginalForm(path: string, patternFor: (name: string) => string): string {
  // `(?:…)` groups and `\:` stay as they are: only a `:` that starts a name is a parameter.
  return path.replace(/(?<![?\\]):([A-Za-z_]\w*)/g, (_match, name: string) => `(?P<${name}>${patternFor(name)})`);
}

function splitSegments(path: string): string[] {
  // Split on '/' outside groups and character classes.
  const segments: string[] = [];
  let depth = 0;
  let inClass = false;
  let current = '';
  for (let i = 0; i < path.length; i++) {
    const ch = path[i] as string;
    if (ch === '\\') {
      current += ch + (path[i + 1] ?? '');
      i++;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
    } else if (ch === '[') inClass = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    if (ch === '/' && depth === 0 && !inClass) {
      segments.push(current);
      current = '';
    } else current += ch;
  }
  segments.push(current);
  return segments.filter((s) => s !== '');
}

const GROUP = /\(\?P?<([A-Za-z_]\w*)>/g;

function toJsRegex(source: string): string {
  return source.replace(/\(\?P</g, '(?<');
}

/** Parses a full route path (namespace included) in the original's form. */
export function parsePattern(originalForm: string): PathPattern {
  const key = originalForm.length > 1 ? originalForm.replace(/\/+$/, '') : originalForm;
  const paramNames = [...key.matchAll(GROUP)].map((m) => m[1] as string);
  const segments: Segment[] = splitSegments(key).map((text): Segment => {
    if (!text.includes('(') && !text.includes('[') && !text.includes('\\')) return { kind: 'static', text: text.toLowerCase() };
    const names = [...text.matchAll(GROUP)].map((m) => m[1] as string);
    return { kind: 'pattern', source: text, regex: new RegExp(`^(?:${toJsRegex(text)})$`, 'i'), names };
  });
  const spans = segments.some((s) => s.kind === 'pattern' && (s.regex.test('a/b') || s.regex.test('1/2')));
  const wholePath = spans ? new RegExp(`^${toJsRegex(key)}$`, 'i') : undefined;
  return { key, segments, wholePath, paramNames };
}
