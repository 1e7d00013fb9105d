/**
 * What the browser flows need to know of the site they drive: where its authoring area and
 * REST API are, how a user signs in, and how the test reads the API behind the browser's back.
 * One implementation drives the original (WordPress 6.1, record-original.ts), one drives
 * cms-json (editor.test.ts); the flows themselves are the same code.
 */
import type { Page } from 'playwright-core';

/** The users the flows sign in as; each target creates them with these logins and passwords. */
export const FLOW_USERS = {
  admin: { login: 'f-admin', password: 'browser password f-admin 42', role: 'administrator' },
  author: { login: 'f-author', password: 'browser password f-author 42', role: 'author' },
  author2: { login: 'f-author2', password: 'browser password f-author2 42', role: 'author' },
  contributor: { login: 'f-contributor', password: 'browser password f-contributor 42', role: 'contributor' },
  editor: { login: 'f-editor', password: 'browser password f-editor 42', role: 'editor' },
} as const;

/** One of {@link FLOW_USERS}. */
export type FlowUser = keyof typeof FLOW_USERS;

/** A record as the REST API answers it (the fields the flows read). */
export interface RestRecord {
  id: number;
  status?: string;
  link?: string;
  title?: { raw?: string; rendered?: string };
  content?: { raw?: string; rendered?: string };
  categories?: number[];
  tags?: number[];
  author?: number;
  [field: string]: unknown;
}

/** The site a flow drives. */
export interface EditorTarget {
  /** `original` or `cms-json`: names the screenshots' and records' source. */
  readonly name: string;
  /** The site's origin, `http://127.0.0.1:8081`. */
  readonly origin: string;
  /** A page of the authoring area: `area('post-new.php?post_type=book')`. */
  area(path: string): string;
  /** Signs `user` in through the site's sign-in page; the browser ends on the authoring area. */
  signIn(page: Page, user: FlowUser): Promise<void>;
  /** Signs the browser's user out (forgets the session cookie). */
  signOut(page: Page): Promise<void>;
  /**
   * The REST route a request the browser made goes to (`/wp/v2/posts/12`, query left out),
   * or `undefined` when the request is not a REST call.
   */
  restRoute(url: URL): string | undefined;
  /** A REST request as the site's administrator (application password), from the test itself. */
  rest(method: string, route: string, body?: unknown): Promise<{ status: number; body: unknown }>;
}
