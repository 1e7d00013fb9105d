/**
 * A segment-map router: literal segments are looked up in a map, pattern segments tested in
 * registration order, so matching costs about one map lookup per segment however many
 * routes exist. Routes whose groups span segments fall back to one regex each.
 * Matching is case-insensitive, as in the original (`@^route$@i`).
 *
 * @module
 */
import type { PathPattern } from './pattern.js';

/** A match: the value registered and the path parameters. */
export interface RouteMatch<T> {
  value: T;
  params: Record<string, string>;
}

interface PatternEntry<T> {
  readonly regex: RegExp;
  readonly names: string[];
  /** The parameter's name when the segment is one group of digits (`(?P<id>[\d]+)`): checked without the regex. */
  readonly digits: string | undefined;
  readonly node: Node<T>;
}

interface Node<T> {
  statics: Map<string, Node<T>>;
  patterns: PatternEntry<T>[];
  value: T | undefined;
}

function node<T>(): Node<T> {
  return { statics: new Map(), patterns: [], value: undefined };
}

/** A segment that is one named group of digits: `(?P<id>[\d]+)` or `(?P<id>\d+)`. */
const DIGITS_GROUP = /^\(\?P?<([A-Za-z_]\w*)>(?:\[\\d\]|\\d)\+\)$/;

/** Whether `text` is one or more ASCII digits: what `[\d]+` matches (the router's regexes have no `u` flag). */
function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** A path's outcome as remembered: its value (none when no route matched) and a copy of its parameters. */
interface RecentMatch<T> {
  readonly value: T | undefined;
  readonly params: Readonly<Record<string, string>>;
}

const NOT_FOUND: RecentMatch<never> = Object.freeze({ value: undefined, params: Object.freeze({}) });

/** How many matched paths a router remembers; past that, it forgets them all and starts again. */
const RECENT_PATHS = 1024;

/** The longest path a router remembers (a longer one is walked each time). */
const RECENT_PATH_LENGTH = 256;

/** Maps path patterns to values. */
export class Router<T> {
  readonly #root: Node<T> = node();
  readonly #wholePath: { regex: RegExp; value: T }[] = [];
  /** Patterns made of literal segments only, by their path (`/tel/v1/outgoing-links`): one lookup. */
  readonly #literalPaths = new Map<string, T>();
  /** Paths matched lately (found or not), so a hot path (`/posts/12`) is walked once: see {@link match}. */
  readonly #recent = new Map<string, RecentMatch<T>>();

  /** Adds a pattern; a second add of the same pattern replaces the value. */
  add(pattern: PathPattern, value: T): void {
    this.#recent.clear();
    if (pattern.wholePath !== undefined) {
      this.#wholePath.push({ regex: pattern.wholePath, value });
      return;
    }
    let current = this.#root;
    for (const segment of pattern.segments) {
      if (segment.kind === 'static') {
        let next = current.statics.get(segment.text);
        if (next === undefined) {
          next = node();
          current.statics.set(segment.text, next);
        }
        current = next;
      } else {
        let entry = current.patterns.find((p) => p.regex.source === segment.regex.source);
        if (entry === undefined) {
          const digits = DIGITS_GROUP.exec(segment.source)?.[1];
          entry = { regex: segment.regex, names: segment.names, digits, node: node() };
          current.patterns.push(entry);
        }
        current = entry.node;
      }
    }
    current.value = value;
    const texts = pattern.segments.map((segment) => (segment.kind === 'static' ? segment.text : undefined));
    if (!texts.includes(undefined)) this.#literalPaths.set(`/${texts.join('/')}`, value);
  }

  /**
   * Finds the value for a decoded path (`/tel/v1/outgoing-links/3`). Each answer has its own
   * `params` object (a caller may change it). The last {@link RECENT_PATHS} paths of at most
   * {@link RECENT_PATH_LENGTH} characters are remembered with their outcome, until a route is added.
   */
  match(path: string): RouteMatch<T> | undefined {
    // The walk would find a literal path first too; this only skips the splitting.
    const literal = this.#literalPaths.get(path);
    if (literal !== undefined) return { value: literal, params: {} };
    const recent = this.#recent.get(path);
    if (recent !== undefined)
      return recent.value === undefined ? undefined : { value: recent.value, params: { ...recent.params } };
    const found = this.#find(path);
    if (path.length <= RECENT_PATH_LENGTH) {
      if (this.#recent.size >= RECENT_PATHS) this.#recent.clear();
      this.#recent.set(path, found === undefined ? NOT_FOUND : { value: found.value, params: { ...found.params } });
    }
    return found;
  }

  #find(path: string): RouteMatch<T> | undefined {
    // Empty segments (the leading one, `//`) are skipped by the walk.
    const segments = path.split('/');
    const params: Record<string, string> = {};
    const found = this.#walk(this.#root, segments, 0, params);
    if (found !== undefined) return { value: found, params };
    for (const entry of this.#wholePath) {
      const m = entry.regex.exec(path);
      if (m !== null) return { value: entry.value, params: { ...m.groups } };
    }
    return undefined;
  }

  #walk(current: Node<T>, segments: string[], start: number, params: Record<string, string>): T | undefined {
    // Empty segments are skipped in a loop: a path of a million slashes must not recurse a million deep.
    let index = start;
    while (index < segments.length && segments[index] === '') index++;
    if (index === segments.length) return current.value;
    const segment = segments[index] as string;
    const literal = current.statics.get(segment) ?? current.statics.get(segment.toLowerCase());
    if (literal !== undefined) {
      const found = this.#walk(literal, segments, index + 1, params);
      if (found !== undefined) return found;
    }
    for (const entry of current.patterns) {
      if (entry.digits !== undefined) {
        if (!isDigits(segment)) continue;
        const found = this.#walk(entry.node, segments, index + 1, params);
        if (found === undefined) continue;
        params[entry.digits] = segment;
        return found;
      }
      const m = entry.regex.exec(segment);
      if (m === null) continue;
      const found = this.#walk(entry.node, segments, index + 1, params);
      if (found !== undefined) {
        for (const name of entry.names) {
          const value = m.groups?.[name];
          if (value !== undefined) params[name] = value;
        }
        return found;
      }
    }
    return undefined;
  }
}
