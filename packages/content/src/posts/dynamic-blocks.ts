/**
 * Dynamic blocks in `rendered` content: WordPress's `do_blocks` step of `the_content`. A block
 * whose HTML is made on the server (latest posts, archives, a calendar…) is stored as a bare
 * comment (`<!-- wp:latest-posts {"postsToShow":3} /-->`); when a record is read, each such
 * comment of a registered block (and its inner content, for an opening/closing pair) is
 * replaced by what its renderer makes, rendered as the caller. Blocks are registered on the
 * server (`dynamicBlocks(server).register(name, render)`), never in a module-level table; the
 * editor package registers its renderers of the core blocks there.
 *
 * An excerpt made from such a content leaves the dynamic blocks out, as WordPress's
 * `excerpt_remove_blocks` does.
 *
 * Only a text holding a registered block takes this path: every other text goes through the
 * remembered render step (render-cache.ts) unchanged. A text that does is rendered each time
 * and never remembered, as its HTML depends on other records.
 *
 * @module
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RestRequest, RestServer } from '@cms-json/core';
import { defaultRenderer, type Renderer } from './render.js';

/** What a dynamic block's renderer is given besides its attributes and inner content. */
export interface DynamicBlockContext {
  /** The request the record is read for: the renderer reads the site as its user. */
  readonly request: RestRequest;
  /** The id of the record whose content holds the block. */
  readonly postId: number;
}

/**
 * Renders one dynamic block: its attributes as parsed from the block comment (`{}` when it has
 * none, or when their JSON is malformed, as WordPress's parser gives `null` for them), its
 * inner content (the text between an opening and a closing comment, with the dynamic blocks in
 * it already rendered; `''` for a self-closing block), as WordPress's `render_callback`.
 */
export type DynamicBlockRender = (
  attributes: Readonly<Record<string, unknown>>,
  innerContent: string,
  context: DynamicBlockContext,
) => Promise<string>;

/** Options of {@link DynamicBlocks.register}. */
export interface DynamicBlockOptions {
  /**
   * Whether the block's HTML changes with the time alone, with no write (a calendar of the
   * current month): the posts routes' version (docs/caching.md) then moves every 15 minutes
   * while such a block is registered. @default false
   */
  readonly changesWithTime?: boolean;
}

interface Registered {
  readonly render: DynamicBlockRender;
  readonly changesWithTime: boolean;
}

/**
 * A block delimiter, as WordPress's block parser reads it: `<!-- wp:name {json} -->`,
 * `<!-- /wp:name -->` or `<!-- wp:name {json} /-->`; the namespace defaults to `core/`. The
 * attributes run to the first `}` followed by spaces and `-->` or `/-->`.
 */
const DELIMITER = /<!--\s+(\/)?wp:([a-z][a-z0-9_-]*\/)?([a-z][a-z0-9_-]*)\s+(\{(?:(?!\}\s+\/?-->)[\s\S])*\}\s+)?(\/)?-->/g;

/** How often the version of a time-dependent answer moves: every time zone's day starts on such a boundary. */
const TIME_BUCKET_MS = 15 * 60 * 1000;

/** The deepest nesting of dynamic blocks rendered inside dynamic blocks (a latest-posts block showing a post that has one). */
const MAX_DEPTH = 3;

interface Delimiter {
  readonly start: number;
  readonly end: number;
  readonly closer: boolean;
  readonly selfClosing: boolean;
  readonly name: string;
  readonly attributes: string | undefined;
}

function delimiters(text: string): Delimiter[] {
  const found: Delimiter[] = [];
  for (const match of text.matchAll(DELIMITER)) {
    const start = match.index;
    found.push({
      start,
      end: start + match[0].length,
      closer: match[1] === '/',
      selfClosing: match[5] === '/',
      name: `${match[2] ?? 'core/'}${match[3] ?? ''}`,
      attributes: match[4],
    });
  }
  return found;
}

/** The attributes of a block comment: its JSON object, or `{}` when it has none or it is malformed. */
function parseAttributes(source: string | undefined): Record<string, unknown> {
  if (source === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(source);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The dynamic blocks of a server: name → renderer.
 *
 * @example
 * dynamicBlocks(server).register('acme/today', async () => `<p>${new Date().toDateString()}</p>`, { changesWithTime: true });
 */
export class DynamicBlocks {
  readonly #blocks = new Map<string, Registered>();
  /** How deep the block being rendered is (the reads of a renderer run inside it). */
  readonly #depth = new AsyncLocalStorage<number>();

  /**
   * Registers (or replaces) the renderer of a block, by its full name (`core/archives`,
   * `acme/notice`); a name without a namespace means `core/`.
   *
   * @throws Error when the name is not `[namespace/]name` in lowercase letters, digits, `_` and `-`.
   */
  register(name: string, render: DynamicBlockRender, options: DynamicBlockOptions = {}): void {
    const full = name.includes('/') ? name : `core/${name}`;
    if (!/^[a-z][a-z0-9_-]*\/[a-z][a-z0-9_-]*$/.test(full)) {
      throw new Error(`Dynamic block names are "namespace/name" in lowercase letters, digits, "_" and "-"; "${name}" is not.`);
    }
    this.#blocks.set(full, { render, changesWithTime: options.changesWithTime === true });
  }

  /** Whether a block of this full name has a renderer. */
  has(name: string): boolean {
    return this.#blocks.has(name);
  }

  /** Whether a text holds a registered dynamic block (so its rendering depends on more than the text). */
  holds(text: string): boolean {
    if (this.#blocks.size === 0 || !text.includes('wp:')) return false;
    // A plain search first: most texts name no registered block, and skip the parse.
    let named = false;
    for (const name of this.#blocks.keys()) {
      if (text.includes(`wp:${name}`) || (name.startsWith('core/') && text.includes(`wp:${name.slice(5)}`))) {
        named = true;
        break;
      }
    }
    if (!named) return false;
    return delimiters(text).some((delimiter) => !delimiter.closer && this.#blocks.has(delimiter.name));
  }

  /**
   * What the version of an answer with rendered content adds for the time: the 15-minute period
   * of `now` while a block that changes with time is registered, else `''`.
   */
  timeVersion(now: number): string {
    for (const block of this.#blocks.values()) if (block.changesWithTime) return String(Math.floor(now / TIME_BUCKET_MS));
    return '';
  }

  /**
   * The registered dynamic blocks of a text, outermost only, in order: where each starts and
   * ends, and its inner content's range (empty for a self-closing block). A pair's closer is the
   * next closer of its name at its own depth; an opener never closed runs to the end of the
   * text, as in WordPress's parser.
   */
  #spans(text: string): { block: Registered; opener: Delimiter; innerStart: number; innerEnd: number; end: number }[] {
    const found = delimiters(text);
    const spans: { block: Registered; opener: Delimiter; innerStart: number; innerEnd: number; end: number }[] = [];
    let index = 0;
    while (index < found.length) {
      const opener = found[index] as Delimiter;
      const block = opener.closer ? undefined : this.#blocks.get(opener.name);
      if (block === undefined) {
        index++;
        continue;
      }
      if (opener.selfClosing) {
        spans.push({ block, opener, innerStart: opener.end, innerEnd: opener.end, end: opener.end });
        index++;
        continue;
      }
      let close = -1;
      let depth = 0;
      for (let at = index + 1; at < found.length && close === -1; at++) {
        const other = found[at] as Delimiter;
        if (other.name !== opener.name || other.selfClosing) continue;
        if (!other.closer) depth++;
        else if (depth === 0) close = at;
        else depth--;
      }
      const closer = close === -1 ? undefined : (found[close] as Delimiter);
      spans.push({
        block,
        opener,
        innerStart: opener.end,
        innerEnd: closer?.start ?? text.length,
        end: closer?.end ?? text.length,
      });
      index = close === -1 ? found.length : close + 1;
    }
    return spans;
  }

  /**
   * The text with each registered dynamic block replaced by its HTML, wrapped in a bare pair of
   * its delimiters so the render step still sees block content (and strips them, as it does
   * every delimiter). The dynamic blocks in a pair's inner content are rendered first. Blocks
   * rendered while a renderer reads the site (a latest-posts block showing a post that holds
   * one) nest at most {@link MAX_DEPTH} deep; deeper ones render empty, so a post showing
   * itself ends.
   */
  async expand(text: string, context: DynamicBlockContext): Promise<string> {
    let out = '';
    let cursor = 0;
    for (const span of this.#spans(text)) {
      const inner = span.innerEnd > span.innerStart ? await this.expand(text.slice(span.innerStart, span.innerEnd), context) : '';
      const html = await this.#renderOne(span.block, span.opener, inner, context);
      const name = span.opener.name;
      out += `${text.slice(cursor, span.opener.start)}<!-- wp:${name} -->${html}<!-- /wp:${name} -->`;
      cursor = span.end;
    }
    return out + text.slice(cursor);
  }

  /**
   * The text without its registered dynamic blocks (their inner content too): what an excerpt
   * is made of, as WordPress's `excerpt_remove_blocks` leaves dynamic blocks out of it.
   */
  withoutBlocks(text: string): string {
    let out = '';
    let cursor = 0;
    for (const span of this.#spans(text)) {
      out += text.slice(cursor, span.opener.start);
      cursor = span.end;
    }
    return out + text.slice(cursor);
  }

  async #renderOne(block: Registered, opener: Delimiter, inner: string, context: DynamicBlockContext): Promise<string> {
    const depth = this.#depth.getStore() ?? 0;
    if (depth >= MAX_DEPTH) return '';
    return this.#depth.run(depth + 1, () => block.render(parseAttributes(opener.attributes), inner, context));
  }
}

declare module '@cms-json/core' {
  interface ServerExtensions {
    /** The server's dynamic blocks, rendered into `content.rendered` ({@link dynamicBlocks}). */
    dynamicBlocks: DynamicBlocks;
  }
}

/**
 * The dynamic blocks of a server (a member of the server, made at first use).
 *
 * @example
 * dynamicBlocks(server).register('core/archives', async (attributes, _inner, { request }) => renderArchives(attributes, request));
 */
export function dynamicBlocks(server: RestServer): DynamicBlocks {
  return server.extension('dynamicBlocks', () => new DynamicBlocks());
}

/**
 * The render step of texts with dynamic blocks: the site's own parts as given, the default's
 * run every time (never remembered: the output depends on other records).
 *
 * @example
 * const fresh = freshRenderer(options.render);
 */
export function freshRenderer(own: Partial<Renderer> = {}): Renderer {
  return {
    title: own.title ?? defaultRenderer.title,
    content: own.content ?? defaultRenderer.content,
    excerpt: own.excerpt ?? defaultRenderer.excerpt,
  };
}

/** What the posts controllers render dynamic blocks with. */
export interface DynamicContent {
  readonly blocks: DynamicBlocks;
  /** The render step not remembered ({@link freshRenderer}). */
  readonly render: Renderer;
}

/** The rendered content and excerpt of a record whose content holds dynamic blocks. */
export interface RenderedDynamic {
  readonly content: string;
  readonly excerpt: string;
}

/** Whether the answer keeps `content` or `excerpt` (`_fields` may leave both out). */
function wantsRendered(request: RestRequest): boolean {
  const fields = request.param('_fields');
  if (fields === undefined || fields === null || fields === '') return true;
  const list = (Array.isArray(fields) ? fields : String(fields).split(',')).map((field) => String(field).trim());
  return list.some((field) => /^(content|excerpt)(\.|$)/.test(field));
}

/**
 * The rendered content and excerpt of the records whose content holds a registered dynamic
 * block, by id, rendered as the request's user; records not shown (`shown` false: protected
 * without the password) are skipped.
 *
 * @example
 * const rendered = await renderDynamicContent(dynamic, request, posts, (post) => post.password === '');
 */
export async function renderDynamicContent<P extends { readonly id: number; readonly content: string; readonly excerpt: string }>(
  dynamic: DynamicContent | undefined,
  request: RestRequest,
  posts: readonly P[],
  shown: (post: P) => boolean,
): Promise<Map<number, RenderedDynamic>> {
  const out = new Map<number, RenderedDynamic>();
  if (dynamic === undefined || !wantsRendered(request)) return out;
  for (const post of posts) {
    if (!shown(post) || !dynamic.blocks.holds(post.content)) continue;
    const expanded = await dynamic.blocks.expand(post.content, { request, postId: post.id });
    out.set(post.id, {
      content: dynamic.render.content(expanded),
      // As WordPress's `wp_trim_excerpt`: dynamic blocks take no part in a made excerpt.
      excerpt: dynamic.render.excerpt(post.excerpt, dynamic.blocks.withoutBlocks(post.content)),
    });
  }
  return out;
}
