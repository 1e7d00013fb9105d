/**
 * The default render step, remembered: WordPress's typography and `wpautop` are pure
 * functions of the stored text, and cost more than the rest of a record (a third of a single
 * post's CPU, the content being rendered twice when the excerpt is made from it). So the
 * parts of {@link defaultRenderer} a site keeps are run once per distinct text and their
 * output kept, keyed by the text itself: an edited record has new text, so nothing is ever
 * stale, in this process or across the processes sharing a database. A part the site
 * replaces (`contentPlugin({ render })`) runs on every read, as it may depend on more than
 * the text.
 *
 * The memory is bounded: each part keeps at most {@link RENDER_CACHE_CHARS} characters of
 * texts and outputs, the least recently used going first, and a text longer than
 * {@link RENDER_CACHE_MAX_TEXT} characters is rendered every time.
 *
 * @module
 */
import { defaultRenderer, type Renderer } from './render.js';

/** The characters (texts and outputs) each remembered part keeps at most: about 8 MB of strings. */
export const RENDER_CACHE_CHARS = 4_000_000;

/** The longest text whose output is kept. */
export const RENDER_CACHE_MAX_TEXT = 200_000;

/**
 * Outputs of a pure render function by text, the least recently used first; at most
 * `budget` characters in all, and a text over {@link RENDER_CACHE_MAX_TEXT} never kept.
 *
 * @example
 * const comments = new OutputCache(RENDER_CACHE_CHARS);
 * comments.get(text, renderComment);
 */
export class OutputCache {
  readonly #outputs = new Map<string, string>();
  readonly #budget: number;
  #chars = 0;

  constructor(budget: number) {
    this.#budget = budget;
  }

  /** The output of `text`, rendered by `render` when not kept. */
  get(text: string, render: (text: string) => string): string {
    const kept = this.#outputs.get(text);
    if (kept !== undefined) {
      // Most recently used last (a Map iterates in insertion order).
      this.#outputs.delete(text);
      this.#outputs.set(text, kept);
      return kept;
    }
    const output = render(text);
    if (text.length > RENDER_CACHE_MAX_TEXT) return output;
    this.#outputs.set(text, output);
    this.#chars += text.length + output.length;
    for (const [oldest, value] of this.#outputs) {
      if (this.#chars <= this.#budget) break;
      this.#outputs.delete(oldest);
      this.#chars -= oldest.length + value.length;
    }
    return output;
  }
}

/**
 * The render step of a site: its own parts as given, the default's parts remembered.
 *
 * @example
 * const render = siteRenderer(options.render); // defaultRenderer's output, rendered once per text
 */
export function siteRenderer(own: Partial<Renderer> = {}, options: { budget?: number } = {}): Renderer {
  const budget = options.budget ?? RENDER_CACHE_CHARS;
  const titles = new OutputCache(budget);
  const contents = new OutputCache(budget);
  const excerpts = new OutputCache(budget);
  const generated = new OutputCache(budget);
  const defaultTitle = (text: string) => defaultRenderer.title(text);
  const defaultContent = (text: string) => defaultRenderer.content(text);
  const ownExcerpt = (text: string) => defaultRenderer.excerpt(text, '');
  const generatedExcerpt = (content: string) => defaultRenderer.excerpt('', content);
  return {
    title: own.title ?? ((text) => titles.get(text, defaultTitle)),
    content: own.content ?? ((text) => contents.get(text, defaultContent)),
    // The default excerpt is its own text's, or made from the content when it has none.
    excerpt:
      own.excerpt ??
      ((text, content) => (text !== '' ? excerpts.get(text, ownExcerpt) : generated.get(content, generatedExcerpt))),
  };
}
