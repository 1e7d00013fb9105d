/**
 * The permission matrix's world: its users (one a role), its types and its records, each
 * named (`draft-by-author`), and the seed that makes them on a site through its REST API.
 * The same seed runs against the original (the recorder) and against cms-json (the test), so
 * both sites hold the same records under different ids; cells name records, never ids.
 *
 * @module
 */
import type { ConformanceRequest, Sender } from '../request.js';
import { send, type Target, type WireAnswer } from '../send.js';

/** The roles of the matrix: who asks. `author` owns the records she wrote; `author2` is another author. */
export const ROLES = ['anonymous', 'subscriber', 'contributor', 'author', 'author2', 'editor', 'administrator'] as const;

/** One role of the matrix. */
export type MatrixRole = (typeof ROLES)[number];

/** The signed-in roles: their users' logins (prefix `matrix-`) and WordPress roles. */
export const MATRIX_USERS: Readonly<Record<Exclude<MatrixRole, 'anonymous'>, { login: string; role: string }>> = {
  subscriber: { login: 'matrix-subscriber', role: 'subscriber' },
  contributor: { login: 'matrix-contributor', role: 'contributor' },
  author: { login: 'matrix-author', role: 'author' },
  author2: { login: 'matrix-author2', role: 'author' },
  editor: { login: 'matrix-editor', role: 'editor' },
  administrator: { login: 'matrix-administrator', role: 'administrator' },
};

/** A type of the matrix and what its records have. */
export interface MatrixType {
  /** The name cells use. */
  readonly name: 'post' | 'page' | 'attachment' | 'book' | 'capped' | 'block';
  /** Its REST base below `/wp/v2`. */
  readonly base: string;
  readonly revisions: boolean;
  /** Whether its records get a comment (created while published, before the record takes its state). */
  readonly comments: boolean;
  /** The term routes of its taxonomies (`categories`, `tags`, `genres`). */
  readonly terms: readonly string[];
  /**
   * Whether it supports `author`, so that its lists take `author=` (a reusable block has no
   * author field: its lists are narrowed by the matrix's word instead, and its records are made
   * by their owners).
   */
  readonly authors: boolean;
}

/**
 * The types: WordPress's three, the books example's `book`, `capped_item` (custom capabilities)
 * and the block editor's reusable block (`wp_block`, capabilities of its own mapped to the posts').
 */
export const TYPES: readonly MatrixType[] = [
  { name: 'post', base: 'posts', revisions: true, comments: true, terms: ['categories', 'tags'], authors: true },
  { name: 'page', base: 'pages', revisions: true, comments: true, terms: [], authors: true },
  { name: 'attachment', base: 'media', revisions: false, comments: false, terms: [], authors: true },
  { name: 'book', base: 'books', revisions: false, comments: false, terms: ['genres'], authors: true },
  { name: 'capped', base: 'capped-items', revisions: true, comments: false, terms: [], authors: true },
  { name: 'block', base: 'blocks', revisions: true, comments: false, terms: [], authors: false },
];

/** What the block editor's preferences store writes into a user's `persisted_preferences` meta. */
export const PREFERENCES = { 'core/edit-post': { welcomeGuide: false }, _modified: '2023-02-01T10:00:00.000Z' };

/** The word every matrix record's title holds (and nothing of the original's seed does). */
export const TOKEN = 'zqmatrix';
/** The password of the protected records. */
export const PASSWORD = 'matrix-secret';
/** The date of the future records (far enough ahead to stay future). */
const FUTURE = '2037-01-01T09:00:00';

/** A 1×1 PNG: every attachment of the matrix is an image, as a featured media must be. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** How a record is made. */
export interface RecordPlan {
  readonly type: MatrixType['name'];
  /** Unique within its type: `draft-by-author`. */
  readonly name: string;
  /** The state cells report: `publish`, `future`, …, `protected`, `inherit (parent draft)`. */
  readonly state: string;
  readonly owner: 'author' | 'administrator';
  /** For a post-like record: the status it ends with (`trash` is reached by a delete). */
  readonly status?: string;
  /** A page's parent, or an attachment's, as `type/name`. */
  readonly parent?: string;
  /** A post's featured media, as an attachment's name. */
  readonly featured?: string;
}

const STATES = ['publish', 'future', 'draft', 'pending', 'private', 'protected', 'trash'] as const;

/** The records, in the order they are made (parents first). */
export function recordPlans(): RecordPlan[] {
  const plans: RecordPlan[] = [];
  for (const type of TYPES) {
    if (type.name === 'attachment') continue;
    for (const state of STATES) {
      plans.push({ type: type.name, name: `${state}-by-author`, state, owner: 'author', status: state });
    }
    for (const state of ['publish', 'draft', 'private'] as const) {
      plans.push({ type: type.name, name: `${state}-by-admin`, state, owner: 'administrator', status: state });
    }
  }
  const media: [string, string | undefined][] = [
    ['media-of-publish', 'post/publish-by-author'],
    ['media-of-draft', 'post/draft-by-author'],
    ['media-of-private', 'post/private-by-admin'],
    ['media-unattached', undefined],
  ];
  for (const [name, parent] of media) {
    const state = parent === undefined ? 'inherit (unattached)' : `inherit (parent ${parent.split('/')[1]?.split('-')[0]})`;
    plans.push({ type: 'attachment', name, state, owner: 'author', ...(parent === undefined ? {} : { parent }) });
  }
  plans.push(
    {
      type: 'page',
      name: 'child-of-draft',
      state: 'publish',
      owner: 'author',
      status: 'publish',
      parent: 'page/draft-by-author',
    },
    {
      type: 'page',
      name: 'child-of-private',
      state: 'publish',
      owner: 'author',
      status: 'publish',
      parent: 'page/private-by-admin',
    },
    {
      type: 'post',
      name: 'featuring-draft-media',
      state: 'publish',
      owner: 'author',
      status: 'publish',
      featured: 'media-of-draft',
    },
  );
  return plans;
}

/** A record as made on one site. */
export interface MadeRecord extends RecordPlan {
  readonly id: number;
  /** Its permalink without the site's origin (`/?p=12`, `/matrix-post-publish-by-author/`). */
  readonly link: string;
  /** The id of its comment, when its type has comments. */
  readonly comment?: number;
}

/** What the seed made on one site. */
export interface World {
  readonly target: Target;
  readonly senders: Readonly<Record<MatrixRole, Sender>>;
  readonly userIds: Readonly<Record<Exclude<MatrixRole, 'anonymous'>, number>>;
  readonly records: readonly MadeRecord[];
  /** The term made for the records' terms, by route (`tags` → id). */
  readonly terms: Readonly<Record<string, number>>;
}

/** A request the seed and the recorder send; throws unless the status is one of `expected`. */
export async function call(
  target: Target,
  as: Sender,
  method: ConformanceRequest['method'],
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; expected?: readonly number[] } = {},
): Promise<{ answer: WireAnswer; json: unknown }> {
  const request: ConformanceRequest = { name: 'matrix', method, path, as, about: 'matrix seed', ...options };
  const answer = await send(target, request, new Map());
  const expected = options.expected ?? [200, 201];
  if (!expected.includes(answer.status))
    throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text.slice(0, 500)}`);
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    json = undefined;
  }
  return { answer, json };
}

function field(json: unknown, key: string): unknown {
  return json !== null && typeof json === 'object' ? (json as Record<string, unknown>)[key] : undefined;
}

function idOf(json: unknown): number {
  const id = field(json, 'id');
  if (typeof id !== 'number') throw new Error(`no id in ${JSON.stringify(json).slice(0, 200)}`);
  return id;
}

/**
 * Makes (or finds) the matrix's users and gives each a fresh application password named
 * `matrix` (the ones of earlier runs are deleted). `admin` is the site's seeded administrator.
 */
async function seedUsers(target: Target, admin: Sender): Promise<Pick<World, 'senders' | 'userIds'>> {
  const senders: Partial<Record<MatrixRole, Sender>> = { anonymous: 'anonymous' };
  const userIds: Partial<Record<Exclude<MatrixRole, 'anonymous'>, number>> = {};
  for (const [role, user] of Object.entries(MATRIX_USERS) as [
    Exclude<MatrixRole, 'anonymous'>,
    (typeof MATRIX_USERS)['author'],
  ][]) {
    const found = await call(target, admin, 'GET', `/wp/v2/users?slug=${user.login}&context=edit`);
    const existing = Array.isArray(found.json) ? found.json[0] : undefined;
    const id =
      existing === undefined
        ? idOf(
            (
              await call(target, admin, 'POST', '/wp/v2/users', {
                body: {
                  username: user.login,
                  name: user.login,
                  email: `${user.login}@matrix.test`,
                  password: `${user.login}-account-password`,
                  roles: [user.role],
                },
              })
            ).json,
          )
        : idOf(existing);
    const passwords = await call(target, admin, 'GET', `/wp/v2/users/${id}/application-passwords`);
    for (const password of Array.isArray(passwords.json) ? passwords.json : []) {
      if (field(password, 'name') === 'matrix') {
        await call(target, admin, 'DELETE', `/wp/v2/users/${id}/application-passwords/${String(field(password, 'uuid'))}`);
      }
    }
    const made = await call(target, admin, 'POST', `/wp/v2/users/${id}/application-passwords`, { body: { name: 'matrix' } });
    senders[role] = { basic: [user.login, String(field(made.json, 'password'))] };
    userIds[role] = id;
  }
  return {
    senders: senders as Record<MatrixRole, Sender>,
    userIds: userIds as Record<Exclude<MatrixRole, 'anonymous'>, number>,
  };
}

function typeOf(name: MatrixType['name']): MatrixType {
  const type = TYPES.find((candidate) => candidate.name === name);
  if (type === undefined) throw new Error(`no matrix type ${name}`);
  return type;
}

/** The record of a `type/name` reference, or of a name in a type. */
export function recordOf(world: Pick<World, 'records'>, type: string, name: string): MadeRecord {
  const record = world.records.find((candidate) => candidate.type === type && candidate.name === name);
  if (record === undefined) throw new Error(`no matrix record ${type}/${name}`);
  return record;
}

/**
 * Seeds the matrix on a site: users, the terms, then every record, made by the matrix's
 * administrator with its owner as `author`: created published (with a comment where its type
 * has comments: a comment cannot be made on a draft), then updated to its state with a new
 * content (which makes a revision), then trashed when its state is `trash`.
 */
export async function seedMatrix(target: Target, admin: Sender): Promise<World> {
  const { senders, userIds } = await seedUsers(target, admin);
  const as = senders.administrator;
  const terms: Record<string, number> = {};
  for (const route of ['tags', 'genres']) {
    const found = await call(target, as, 'GET', `/wp/v2/${route}?slug=matrix-${route}`);
    const existing = Array.isArray(found.json) ? found.json[0] : undefined;
    const made =
      existing ??
      (await call(target, as, 'POST', `/wp/v2/${route}`, { body: { name: `matrix-${route}`, slug: `matrix-${route}` } })).json;
    terms[route] = idOf(made);
  }
  const records: MadeRecord[] = [];
  for (const plan of recordPlans()) {
    const type = typeOf(plan.type);
    const owner = userIds[plan.owner];
    const title = `${TOKEN} ${plan.name}`;
    const slug = `matrix-${plan.type}-${plan.name}`;
    const parent =
      plan.parent === undefined ? undefined : recordOf({ records }, ...(plan.parent.split('/') as [string, string])).id;
    let id: number;
    let comment: number | undefined;
    if (plan.type === 'attachment') {
      // Uploaded by its owner: the owner is who uploads (authors have upload_files). An image,
      // so that it may be a post's featured media (the original keeps only images there).
      const uploaded = await call(target, senders[plan.owner], 'POST', '/wp/v2/media', {
        headers: { 'content-type': 'image/png', 'content-disposition': `attachment; filename=${slug}.png` },
        body: PIXEL_PNG,
      });
      id = idOf(uploaded.json);
      await call(target, as, 'POST', `/wp/v2/media/${id}`, {
        body: { title, slug, ...(parent === undefined ? {} : { post: parent }) },
      });
    } else {
      const featured =
        plan.featured === undefined ? {} : { featured_media: recordOf({ records }, 'attachment', plan.featured).id };
      // A book's `author` is its book-author (the books example) and a reusable block has no
      // author field, so these are made by their owners.
      const byOwner = plan.type === 'book' || plan.type === 'block';
      const created = await call(target, byOwner ? senders[plan.owner] : as, 'POST', `/wp/v2/${type.base}`, {
        body: {
          title,
          slug,
          content: `<p>Body of ${plan.name}.</p>`,
          status: 'publish',
          ...(byOwner ? {} : { author: owner }),
          ...(type.comments ? { comment_status: 'open' } : {}),
          ...(parent === undefined ? {} : { parent }),
          ...featured,
          ...(plan.type === 'post' ? { tags: [terms.tags] } : plan.type === 'book' ? { genres: [terms.genres] } : {}),
        },
      });
      id = idOf(created.json);
      if (type.comments) {
        const made = await call(target, as, 'POST', '/wp/v2/comments', {
          body: { post: id, content: `A comment on ${plan.name}.` },
        });
        comment = idOf(made.json);
      }
      const status = plan.status === 'protected' || plan.status === 'trash' ? 'publish' : plan.status;
      await call(target, as, 'POST', `/wp/v2/${type.base}/${id}`, {
        body: {
          status,
          content: `<p>Revised body of ${plan.name}.</p>`,
          ...(plan.status === 'future' ? { date: FUTURE, date_gmt: FUTURE } : {}),
          ...(plan.status === 'protected' ? { password: PASSWORD } : {}),
        },
      });
      if (plan.status === 'trash') await call(target, as, 'DELETE', `/wp/v2/${type.base}/${id}`);
    }
    // Nobody but its owner may edit another's private reusable block (read_private_blocks and
    // edit_private_blocks are granted to no role), so a block is read back by its owner.
    const reader = plan.type === 'block' ? senders[plan.owner] : as;
    const read = await call(target, reader, 'GET', `/wp/v2/${type.base}/${id}?context=edit`);
    const link = String(field(read.json, 'link')).replace(target.origin, '');
    records.push({ ...plan, id, link, ...(comment === undefined ? {} : { comment }) });
  }
  return { target, senders, userIds, records, terms };
}

/** The batch's target of a role: a published record of another user, made just before the batch cells. */
export async function seedBatchTargets(world: World): Promise<MadeRecord[]> {
  const made: MadeRecord[] = [];
  for (const type of TYPES) {
    if (type.name === 'attachment') continue;
    for (const role of ROLES) {
      const owner = role === 'administrator' ? 'author' : 'administrator';
      const name = `batch-target-of-${role}`;
      const byOwner = type.name === 'book' || type.name === 'block';
      const as = byOwner ? world.senders[owner] : world.senders.administrator;
      const created = await call(world.target, as, 'POST', `/wp/v2/${type.base}`, {
        body: {
          title: `${TOKEN} ${name}`,
          slug: `matrix-${type.name}-${name}`,
          status: 'publish',
          ...(byOwner ? {} : { author: world.userIds[owner] }),
        },
      });
      made.push({ type: type.name, name, state: 'publish', owner, status: 'publish', id: idOf(created.json), link: '' });
    }
  }
  return made;
}

/**
 * Deletes a record for good; whether it is gone (or was). A reusable block that is not
 * published cannot be deleted by anyone (wp_block maps no delete_posts nor delete_private_posts
 * to a capability a role has), so a block refused is published first, then deleted.
 */
async function deleteForGood(target: Target, as: Sender, type: MatrixType, id: number): Promise<boolean> {
  const path = `/wp/v2/${type.base}/${id}`;
  const gone = await call(target, as, 'DELETE', `${path}?force=true`, { expected: [200, 403, 404, 410] });
  if (gone.answer.status !== 403) return true;
  if (type.name !== 'block') return false;
  const published = await call(target, as, 'POST', path, { body: { status: 'publish' }, expected: [200, 403] });
  if (published.answer.status !== 200) return false;
  const again = await call(target, as, 'DELETE', `${path}?force=true`, { expected: [200, 403] });
  return again.answer.status === 200;
}

/**
 * Deletes matrix records an interrupted run left behind (their slugs would be taken), as the
 * site's administrator and then as the matrix's owners (another's private reusable block is
 * shut even to an administrator).
 */
export async function removeLeftovers(target: Target, admin: Sender): Promise<number> {
  const { senders } = await seedUsers(target, admin);
  let removed = 0;
  for (const as of [admin, senders.administrator, senders.author]) {
    for (const type of TYPES) {
      const status = type.name === 'attachment' ? 'inherit,private,trash' : 'publish,future,draft,pending,private,trash';
      const found = await call(
        target,
        as,
        'GET',
        `/wp/v2/${type.base}?search=${TOKEN}&status=${status}&per_page=100&context=edit`,
        { expected: [200, 400, 403] },
      );
      for (const record of Array.isArray(found.json) ? found.json : []) {
        if (await deleteForGood(target, as, type, idOf(record))) removed += 1;
      }
    }
  }
  return removed;
}

/**
 * Deletes what the seed made (records for good, their comments, revisions and autosaves go with
 * them; the terms), and the preferences the cells wrote, keeping the `matrix-` users, so the
 * original is left as it was found.
 */
export async function unseedMatrix(world: World, extra: readonly MadeRecord[]): Promise<void> {
  const as = world.senders.administrator;
  for (const id of Object.values(world.userIds)) {
    // null deletes the meta, as it was before the cells wrote it.
    await call(world.target, as, 'POST', `/wp/v2/users/${id}`, { body: { meta: { persisted_preferences: null } } });
  }
  // Children before parents, attachments after the posts that feature them.
  for (const record of [...extra, ...world.records].reverse()) {
    const type = typeOf(record.type);
    if (!(await deleteForGood(world.target, as, type, record.id))) {
      // Another's private reusable block: only its owner may touch it.
      if (!(await deleteForGood(world.target, world.senders[record.owner], type, record.id)))
        throw new Error(`could not delete ${record.type}/${record.name} (${record.id})`);
    }
  }
  for (const [route, id] of Object.entries(world.terms)) {
    await call(world.target, as, 'DELETE', `/wp/v2/${route}/${id}?force=true`, { expected: [200, 404] });
  }
}
