/**
 * The requests of the conformance run on a WordPress database (docs/conformance.md, "On a
 * WordPress database"): the suite's read-only requests of the areas that read content, and
 * an area of its own for the records the fixture adds to the reference's seed
 * (`packages/wordpress-db/fixtures/extra-seed.php`: an attachment, a custom role, per-user
 * grants, scheduled posts, a spam comment, …). Each is answered by the original on the fixture
 * state (`conformance/fixtures/wordpress-db/`, recorded by `wordpress-db-record.ts`) and by
 * cms-json serving a fresh copy of the fixture database.
 *
 * @module
 */
import { AREAS } from '../requests/areas.js';
import type { ConformanceRequest, RequestArea, Sender } from './request.js';

/** The suite's areas whose reads run on the WordPress database, in the suite's order. */
export const WORDPRESS_DB_READ_AREAS = [
  'discovery',
  'globals',
  'users',
  'types',
  'posts',
  'pages',
  'terms',
  'comments',
  'media',
  'site',
] as const;

/** The fixture's users beyond the seed's two, sent as HTTP Basic with their application passwords (fixtures/README.md). */
export const FIXTURE_SENDERS = {
  reviewer: { basic: ['reviewer', 'oraclereviewerapppass001'] },
  grantee: { basic: ['grantee', 'oraclegranteeapppasswd01'] },
  denied: { basic: ['denied', 'oracledeniedapppasswd001'] },
} as const satisfies Record<string, Sender>;

/**
 * A request that reads: GET, HEAD or OPTIONS, naming no record an earlier write of its area
 * saved (`{post}`; the `{origin}` of an oEmbed URL is not one).
 *
 * @example
 * isReadRequest({ name: 'list', method: 'GET', path: '/wp/v2/posts', about: '' }); // true
 */
export function isReadRequest(request: ConformanceRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') return false;
  return !/\{\w+\}/.test(request.path.replaceAll('{origin}', ''));
}

const { reviewer, grantee, denied } = FIXTURE_SENDERS;

/** The records `extra-seed.php` adds, read as the original serves them. */
export const fixtureRecords: RequestArea = {
  area: 'fixture-records',
  requests: [
    // The attachment and the featured image.
    { name: 'media-list', method: 'GET', path: '/wp/v2/media', about: 'the library holds the fixture image' },
    { name: 'media-one', method: 'GET', path: '/wp/v2/media/42', about: 'an image with its generated sizes' },
    { name: 'media-one-edit', method: 'GET', path: '/wp/v2/media/42?context=edit', as: 'admin', about: 'raw fields, alt text' },
    {
      name: 'media-parent',
      method: 'GET',
      path: '/wp/v2/media?media_type=image&parent=14',
      about: 'attachments of a post',
    },
    { name: 'post-featured', method: 'GET', path: '/wp/v2/posts/14', about: 'featured_media and its wp:featuredmedia link' },
    { name: 'post-featured-embed', method: 'GET', path: '/wp/v2/posts/14?_embed', about: 'the featured image embedded' },
    {
      name: 'post-serialized-meta',
      method: 'GET',
      path: '/wp/v2/posts/4?context=edit',
      as: 'admin',
      about: 'unregistered serialized meta stays hidden',
    },
    // Scheduled posts.
    {
      name: 'posts-future',
      method: 'GET',
      path: '/wp/v2/posts?status=future&context=edit',
      as: 'admin',
      about: 'a missed schedule and a future post',
    },
    {
      name: 'post-missed-schedule',
      method: 'GET',
      path: '/wp/v2/posts/43?context=edit',
      as: 'admin',
      about: 'future, date passed',
    },
    { name: 'post-future-anonymous', method: 'GET', path: '/wp/v2/posts/44', about: 'a future post is not public' },
    {
      name: 'post-future-author',
      method: 'GET',
      path: '/wp/v2/posts/44?context=edit',
      as: 'author',
      about: 'its author reads it',
    },
    { name: 'posts-public', method: 'GET', path: '/wp/v2/posts?per_page=100', about: 'no scheduled post in the public list' },
    { name: 'category-news', method: 'GET', path: '/wp/v2/categories?slug=news', about: 'counts leave scheduled posts out' },
    // Comments.
    { name: 'comments-spam', method: 'GET', path: '/wp/v2/comments?status=spam', as: 'admin', about: 'the spam comment' },
    { name: 'comment-spam-anonymous', method: 'GET', path: '/wp/v2/comments/15', about: 'spam is not public' },
    { name: 'comment-spam-edit', method: 'GET', path: '/wp/v2/comments/15?context=edit', as: 'admin', about: 'spam, raw' },
    { name: 'comment-reply', method: 'GET', path: '/wp/v2/comments/14', about: 'a third-level reply' },
    {
      name: 'comments-post',
      method: 'GET',
      path: '/wp/v2/comments?post=4&orderby=id&order=asc',
      about: 'a thread three deep',
    },
    // Users, the custom role and per-user capabilities.
    {
      name: 'users-edit',
      method: 'GET',
      path: '/wp/v2/users?context=edit&per_page=100',
      as: 'admin',
      about: 'every user, roles and capabilities',
    },
    { name: 'users-role', method: 'GET', path: '/wp/v2/users?roles=reviewer', as: 'admin', about: 'the custom role as a filter' },
    {
      name: 'users-authors',
      method: 'GET',
      path: '/wp/v2/users?who=authors',
      as: 'admin',
      about: 'who=authors (user level above 0)',
    },
    {
      name: 'user-reviewer',
      method: 'GET',
      path: '/wp/v2/users/3?context=edit',
      as: 'admin',
      about: 'a user with a custom role',
    },
    { name: 'user-grantee', method: 'GET', path: '/wp/v2/users/4?context=edit', as: 'admin', about: 'a per-user grant' },
    { name: 'user-denied', method: 'GET', path: '/wp/v2/users/5?context=edit', as: 'admin', about: 'a per-user denial' },
    {
      name: 'user-legacy',
      method: 'GET',
      path: '/wp/v2/users/6?context=edit',
      as: 'admin',
      about: 'a user with an MD5 password',
    },
    {
      name: 'user-modern',
      method: 'GET',
      path: '/wp/v2/users/7?context=edit',
      as: 'admin',
      about: 'a user with a bcrypt password',
    },
    {
      name: 'me-reviewer',
      method: 'GET',
      path: '/wp/v2/users/me?context=edit',
      as: reviewer,
      about: 'the custom role signed in',
    },
    { name: 'me-grantee', method: 'GET', path: '/wp/v2/users/me?context=edit', as: grantee, about: 'the grant signed in' },
    { name: 'me-denied', method: 'GET', path: '/wp/v2/users/me?context=edit', as: denied, about: 'the denial signed in' },
    // What the capabilities allow.
    { name: 'reviewer-draft', method: 'GET', path: '/wp/v2/posts/24?context=edit', as: reviewer, about: "another's draft" },
    {
      name: 'grantee-draft',
      method: 'GET',
      path: '/wp/v2/posts/24?context=edit',
      as: grantee,
      about: 'edit_others_posts granted',
    },
    {
      name: 'grantee-drafts',
      method: 'GET',
      path: '/wp/v2/posts?status=draft&context=edit',
      as: grantee,
      about: 'drafts listed',
    },
    { name: 'grantee-private', method: 'GET', path: '/wp/v2/posts/26', as: grantee, about: 'no read_private_posts' },
    { name: 'denied-edit-context', method: 'GET', path: '/wp/v2/posts?context=edit', as: denied, about: 'edit_posts denied' },
    {
      name: 'denied-own-draft',
      method: 'GET',
      path: '/wp/v2/posts?status=draft',
      as: denied,
      about: 'no status filter without edit_posts',
    },
    { name: 'denied-types', method: 'GET', path: '/wp/v2/types?context=edit', as: denied, about: 'types in edit context' },
    { name: 'reviewer-users', method: 'GET', path: '/wp/v2/users?context=edit', as: reviewer, about: 'no list_users' },
  ],
};

/** Dates a write sets to its own time, on both sides. */
const MODIFIED = ['modified', 'modified_gmt'];

/**
 * Writes on the fixture, in order on one fresh copy (the original recorded them in this order
 * right after its reads, on the fixture state): what lands in WordPress's tables is then read
 * back, by cms-json here and by WordPress itself (`wordpress-db-read-back.ts`). The records it
 * makes keep the ids a fresh fixture gives (post 45, comment 16, …), saved all the same.
 */
export const fixtureWrites: RequestArea = {
  area: 'fixture-writes',
  requests: [
    {
      name: 'create-post',
      method: 'POST',
      path: '/wp/v2/posts',
      as: 'admin',
      body: {
        title: 'Written Through cms-json',
        content: '<p>Hello from the fixture writes.</p>',
        excerpt: 'A short excerpt.',
        status: 'publish',
        date: '2023-04-01T10:00:00',
        categories: [3],
        tags: [8],
      },
      save: { post: 'id' },
      volatile: MODIFIED,
      about: 'a published post with terms',
    },
    {
      name: 'read-post',
      method: 'GET',
      path: '/wp/v2/posts/{post}?context=edit',
      as: 'admin',
      volatile: MODIFIED,
      about: 'read back',
    },
    {
      name: 'author-edit-others',
      method: 'POST',
      path: '/wp/v2/posts/{post}',
      as: 'author',
      body: { title: 'Not mine' },
      about: "an author cannot edit another's post",
    },
    {
      name: 'grantee-edit-draft',
      method: 'POST',
      path: '/wp/v2/posts/24',
      as: grantee,
      body: { title: 'Draft: Edited By A Grantee' },
      volatile: MODIFIED,
      about: "edit_others_posts granted to one user: another's draft",
    },
    {
      name: 'grantee-publish',
      method: 'POST',
      path: '/wp/v2/posts/24',
      as: grantee,
      body: { status: 'publish' },
      about: 'a contributor still cannot publish',
    },
    {
      name: 'reviewer-edit-published',
      method: 'POST',
      path: '/wp/v2/posts/5',
      as: reviewer,
      body: { title: 'Reviewed' },
      about: 'the custom role lacks edit_published_posts',
    },
    {
      name: 'denied-create',
      method: 'POST',
      path: '/wp/v2/posts',
      as: denied,
      body: { title: 'Denied' },
      about: 'edit_posts denied',
    },
    {
      name: 'reply',
      method: 'POST',
      path: '/wp/v2/comments',
      as: 'admin',
      body: { post: 4, parent: 14, content: 'A fourth level, written by cms-json.' },
      save: { comment: 'id' },
      volatile: ['date', 'date_gmt'],
      about: 'a reply to the third-level reply',
    },
    {
      name: 'unspam',
      method: 'POST',
      path: '/wp/v2/comments/15',
      as: 'admin',
      body: { status: 'approved' },
      about: 'spam approved',
    },
    { name: 'comments-after', method: 'GET', path: '/wp/v2/comments?post=5', about: 'the approved comment is public' },
    {
      name: 'create-category',
      method: 'POST',
      path: '/wp/v2/categories',
      as: 'admin',
      body: { name: 'Written Category', parent: 3, description: 'Made by cms-json.' },
      save: { category: 'id' },
      about: 'a child category',
    },
    {
      name: 'categorize-post',
      method: 'POST',
      path: '/wp/v2/posts/{post}',
      as: 'admin',
      body: { categories: ['{category}'] },
      volatile: MODIFIED,
      about: 'the post moves to it',
    },
    { name: 'category-count', method: 'GET', path: '/wp/v2/categories/{category}', about: 'its count' },
    {
      name: 'delete-category',
      method: 'DELETE',
      path: '/wp/v2/categories/{category}?force=true',
      as: 'admin',
      about: 'deleted: the post falls back to the default category',
    },
    { name: 'post-after-category', method: 'GET', path: '/wp/v2/posts/{post}', volatile: MODIFIED, about: 'its categories' },
    {
      name: 'create-user',
      method: 'POST',
      path: '/wp/v2/users',
      as: 'admin',
      body: {
        username: 'written',
        email: 'written@example.test',
        password: 'written-password',
        name: 'Wren Written',
        roles: ['reviewer'],
      },
      save: { user: 'id' },
      volatile: ['registered_date'],
      about: 'a user with the custom role',
    },
    {
      name: 'update-user',
      method: 'POST',
      path: '/wp/v2/users/{user}',
      as: 'admin',
      body: { roles: ['editor'], description: 'Promoted.' },
      volatile: ['registered_date'],
      about: 'a new role',
    },
    {
      name: 'delete-user',
      method: 'DELETE',
      path: '/wp/v2/users/{user}?force=true&reassign=false',
      as: 'admin',
      volatile: ['previous.registered_date'],
      about: 'deleted',
    },
    {
      name: 'media-update',
      method: 'POST',
      path: '/wp/v2/media/42',
      as: 'admin',
      body: { alt_text: 'Shapes, edited', caption: 'An edited caption.' },
      volatile: MODIFIED,
      about: 'alt text and caption of the attachment',
    },
    {
      name: 'publish-missed',
      method: 'POST',
      path: '/wp/v2/posts/43',
      as: 'admin',
      body: { status: 'publish' },
      volatile: MODIFIED,
      about: 'the missed schedule published',
    },
    {
      name: 'trash-post',
      method: 'DELETE',
      path: '/wp/v2/posts/{post}',
      as: 'admin',
      volatile: MODIFIED,
      about: 'to the trash',
    },
    {
      name: 'settings',
      method: 'POST',
      path: '/wp/v2/settings',
      as: 'admin',
      body: { description: 'Written by cms-json', posts_per_page: 7 },
      about: 'options',
    },
    {
      name: 'posts-after',
      method: 'GET',
      path: '/wp/v2/posts?context=edit&per_page=3',
      as: 'admin',
      volatile: ['*.modified', '*.modified_gmt'],
      about: 'the list after the writes',
    },
  ],
};

/**
 * The areas of the run, in order: the suite's reads of {@link WORDPRESS_DB_READ_AREAS}, then
 * {@link fixtureRecords}. Pending markers of the suite do not carry over.
 */
export const WORDPRESS_DB_AREAS: readonly RequestArea[] = [
  ...AREAS.filter((area) => (WORDPRESS_DB_READ_AREAS as readonly string[]).includes(area.area)).map((area) => ({
    area: area.area,
    requests: area.requests.filter(isReadRequest),
  })),
  fixtureRecords,
];

/** The areas that write, each run on a fresh fixture copy of its own after the reads. */
export const WORDPRESS_DB_WRITE_AREAS: readonly RequestArea[] = [fixtureWrites];

/** The fixture folder of an area of this run: `wordpress-db/<area>` below `conformance/fixtures/`. */
export function wordpressDbFixtureArea(area: string): string {
  return `wordpress-db/${area}`;
}
