/**
 * The three requests measured on a WordPress database, for cms-json and for WordPress
 * itself (`docs/performance.md`, "Serving a WordPress database"): the posts list, the list
 * with everything embedded, and one post. Paths are under the REST root (`/wp-json`).
 *
 * @module
 */

/** One request of the WordPress-database comparison. */
export interface WordPressCase {
  /** The key in `wordpress-figures.json` and the table. */
  readonly id: 'posts' | 'posts-embed' | 'post';
  /** The path under the REST root. */
  readonly path: string;
  readonly title: string;
}

/** A published post of the fixture (`packages/wordpress-db/fixtures/wordpress-6.1.sql`): "Hello world!", in a category, with a comment. */
export const WORDPRESS_POST_ID = 1;

/** The cases, in table order. */
export const WORDPRESS_CASES: readonly WordPressCase[] = [
  { id: 'posts', path: '/wp/v2/posts', title: 'GET /wp/v2/posts (10 posts)' },
  { id: 'posts-embed', path: '/wp/v2/posts?_embed', title: 'GET /wp/v2/posts?_embed (authors, terms, replies)' },
  { id: 'post', path: `/wp/v2/posts/${WORDPRESS_POST_ID}`, title: `GET /wp/v2/posts/${WORDPRESS_POST_ID}` },
];

/** WordPress's recorded figures (`bench/wordpress-figures.json`). */
export interface WordPressFigures {
  /** ISO date-time of the measurement. */
  readonly measured: string;
  readonly command: string;
  readonly machine: string;
  readonly versions: Readonly<Record<string, string>>;
  /** What was counted as the server's CPU. */
  readonly counted: string;
  readonly connections: number;
  readonly cases: Readonly<
    Record<
      WordPressCase['id'],
      {
        path: string;
        /** WordPress's answer: the post ids it holds, in order, and its size, for the cms-json side's check. */
        answer: AnswerShape;
        requestsPerCpuSecond: number;
        requestsPerSecond: number;
        cpuMicrosPerRequest: number;
        rounds: number[];
        /** The CPU's split between the processes counted (WordPress's side), in percent. */
        cpuShares?: Readonly<Record<string, number>>;
        failures: number;
      }
    >
  >;
}

/** What an answer holds, enough to tell two servers answered the same request the same way. */
export interface AnswerShape {
  readonly status: number;
  /** The post ids, in order (one for a single post). */
  readonly ids: readonly number[];
  /** Whether every post carries `_embedded`. */
  readonly embedded: boolean;
  /** The body's length in bytes. */
  readonly bytes: number;
}

/**
 * The shape of an answer (its status and body).
 *
 * @example
 * answerShape(200, '[{"id":3},{"id":1}]') // { status: 200, ids: [3, 1], embedded: false, bytes: 19 }
 */
export function answerShape(status: number, body: string): AnswerShape {
  const bytes = Buffer.byteLength(body);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { status, ids: [], embedded: false, bytes };
  }
  const posts = (Array.isArray(parsed) ? parsed : [parsed]).filter(
    (post): post is { id: number; _embedded?: unknown } =>
      typeof post === 'object' && post !== null && typeof (post as { id?: unknown }).id === 'number',
  );
  return {
    status,
    ids: posts.map((post) => post.id),
    embedded: posts.length > 0 && posts.every((post) => post._embedded !== undefined),
    bytes,
  };
}

/** Fetches `url` and gives its answer's shape. */
export async function fetchShape(url: string): Promise<AnswerShape> {
  const response = await fetch(url);
  return answerShape(response.status, await response.text());
}

/** How two answers differ, in words (empty when they agree on status, ids and embedding). */
export function shapeDifferences(expected: AnswerShape, actual: AnswerShape): string[] {
  const differences: string[] = [];
  if (expected.status !== actual.status) differences.push(`status ${actual.status}, WordPress ${expected.status}`);
  if (expected.ids.join() !== actual.ids.join())
    differences.push(`posts [${actual.ids.join(', ')}], WordPress [${expected.ids.join(', ')}]`);
  if (expected.embedded !== actual.embedded)
    differences.push(
      `_embedded ${actual.embedded ? 'present' : 'missing'}, WordPress ${expected.embedded ? 'present' : 'missing'}`,
    );
  return differences;
}
