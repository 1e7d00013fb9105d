/**
 * The permission matrix's cells: every role × way in × type × record state, as requests built
 * from a seeded {@link World}, and each answer read down to what the matrix compares (status,
 * error code, the names of the records shown, `X-WP-Total`, whether protected content was
 * shown). Records are named, never numbered: ids differ between the original and cms-json.
 *
 * @module
 */
import type { ConformanceRequest } from '../request.js';
import type { WireAnswer } from '../send.js';
import {
  type MadeRecord,
  type MatrixRole,
  type MatrixType,
  PASSWORD,
  PREFERENCES,
  ROLES,
  recordOf,
  TOKEN,
  TYPES,
  type World,
} from './scenario.js';

/** Where a cell sits in the matrix. */
export interface CellKey {
  readonly role: MatrixRole;
  /** The way in: `list status=draft`, `view`, `comments`, `batch update+delete`, … */
  readonly way: string;
  /**
   * `post`, `page`, `attachment`, `book`, `capped`, `block`, or `site` for the site-wide search,
   * `editor` for the block editor's site-wide routes and the users' preferences.
   */
  readonly type: string;
  /** The record's name, or `*` for a list. */
  readonly record: string;
  /** The record's state, or the statuses a list asks. */
  readonly state: string;
}

/** What the matrix compares of an answer. */
export interface CellResult {
  readonly status: number;
  /** The error's `code`, when the answer is an error. */
  readonly code?: string;
  /** A list's records by name (comments as `comment-on-<record>`, terms by slug), sorted. */
  readonly shown?: readonly string[];
  /** A list's `X-WP-Total`. */
  readonly total?: number;
  /** A record's protected content was shown (single record), or the records whose was (list). */
  readonly unlocked?: boolean | readonly string[];
  /** An `_embed`'s linked records: `up:draft-by-author`, or `up:!rest_forbidden` for a refusal. */
  readonly embedded?: readonly string[];
  /** A batch's answers, one per request: `200`, `403 rest_cannot_edit`. */
  readonly parts?: readonly string[];
}

/** One cell: its place and the original's answer. */
export interface Cell extends CellKey, CellResult {}

/** How an answer is read. */
type Reading = 'list' | 'record' | 'embed' | 'count' | 'terms' | 'comments' | 'search' | 'batch' | 'status';

/** A cell's request on one site. */
export interface CellRequest extends CellKey {
  readonly request: ConformanceRequest;
  readonly reading: Reading;
}

/** The key of a cell as one string (fixtures and accepted entries match on it). */
export function cellId(key: CellKey): string {
  return `${key.role} · ${key.way} · ${key.type} · ${key.record}`;
}

/** The statuses a list asks, one way each. */
const LIST_STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash', 'inherit', 'any', 'private,draft'] as const;

function listWays(world: World, type: MatrixType): [way: string, state: string, query: string][] {
  // A type without authors is narrowed to the matrix's records by their word.
  const owners = type.authors ? `author=${world.userIds.author},${world.userIds.administrator}` : `search=${TOKEN}`;
  const mine = world.records.filter((record) => record.type === type.name);
  const ways: [string, string, string][] = [['list', 'publish (default)', owners]];
  for (const status of LIST_STATUSES) ways.push([`list status=${status}`, status, `status=${status}&${owners}`]);
  if (type.authors) {
    ways.push(
      ['list author=author status=draft', 'draft', `status=draft&author=${world.userIds.author}`],
      ['list author=administrator status=any', 'any', `status=any&author=${world.userIds.administrator}`],
    );
  }
  ways.push(
    ['list include status=any', 'any', `include=${mine.map((record) => record.id).join(',')}&status=any`],
    ['list search status=any', 'any', `search=${TOKEN}&status=any`],
    ['list slug status=any', 'any', `slug=${mine.map((record) => `matrix-${type.name}-${record.name}`).join(',')}&status=any`],
    ['list _fields status=any', 'any', `_fields=id,title,content&status=any&${owners}`],
    ['list context=edit status=any', 'any', `context=edit&status=any&${owners}`],
  );
  if (type.name === 'page') {
    const parents = ['draft-by-author', 'private-by-admin'].map((name) => recordOf(world, 'page', name).id);
    ways.push(['list parent status=any', 'any', `parent=${parents.join(',')}&status=any`]);
  }
  if (type.name === 'attachment') {
    const parents = ['publish-by-author', 'draft-by-author', 'private-by-admin'].map((name) => recordOf(world, 'post', name).id);
    ways.push(['list parent', 'inherit (default)', `parent=${parents.join(',')}`]);
  }
  return ways.map(([way, state, query]) => [way, state, `${query}&per_page=100`]);
}

function recordWays(type: MatrixType, record: MadeRecord): [way: string, path: string, reading: Reading][] {
  const item = `/wp/v2/${type.base}/${record.id}`;
  const ways: [string, string, Reading][] = [
    ['view', item, 'record'],
    ['edit', `${item}?context=edit`, 'record'],
  ];
  if (record.state === 'protected') {
    ways.push(
      ['password=right', `${item}?password=${PASSWORD}`, 'record'],
      ['password=wrong', `${item}?password=wrong`, 'record'],
    );
  }
  if (record.parent !== undefined && record.type === 'page') ways.push(['_embed up', `${item}?_embed`, 'embed']);
  if (record.featured !== undefined) ways.push(['_embed featured_media', `${item}?_embed`, 'embed']);
  if (type.revisions) ways.push(['revisions', `${item}/revisions`, 'count'], ['autosaves', `${item}/autosaves`, 'count']);
  // A server-rendered block in the editor of this record: rendering needs edit_post on it.
  if (type.name === 'post') {
    ways.push(['block-renderer post_id', `/wp/v2/block-renderer/core/archives?context=edit&post_id=${record.id}`, 'record']);
  }
  if (record.comment !== undefined) {
    ways.push(
      ['comments ?post=', `/wp/v2/comments?post=${record.id}`, 'comments'],
      ['comment by id', `/wp/v2/comments/${record.comment}`, 'record'],
      ['comment _embed up', `/wp/v2/comments/${record.comment}?_embed`, 'embed'],
    );
  }
  for (const route of type.terms) ways.push([`${route} ?post=`, `/wp/v2/${route}?post=${record.id}`, 'terms']);
  // By the plain `?p=` address, which names a record of any type on both sites (a custom type's
  // pretty permalink needs rewrite rules the original only has once they are flushed).
  ways.push(['oembed', `/oembed/1.0/embed?url={origin}${encodeURIComponent(`/?p=${record.id}`)}`, 'record']);
  return ways;
}

/** Every read cell of the matrix on a seeded site, in the order they are sent. */
export function readCells(world: World): CellRequest[] {
  const cells: CellRequest[] = [];
  for (const role of ROLES) {
    const as = world.senders[role];
    for (const type of TYPES) {
      for (const [way, state, query] of listWays(world, type)) {
        const request: ConformanceRequest = { name: way, method: 'GET', path: `/wp/v2/${type.base}?${query}`, as, about: way };
        cells.push({ role, way, type: type.name, record: '*', state, request, reading: 'list' });
      }
      for (const record of world.records.filter((candidate) => candidate.type === type.name)) {
        for (const [way, path, reading] of recordWays(type, record)) {
          const request: ConformanceRequest = { name: way, method: 'GET', path, as, about: way };
          cells.push({ role, way, type: type.name, record: record.name, state: record.state, request, reading });
        }
        if (role === 'anonymous') {
          // The front end takes no application passwords: every visitor is anonymous there.
          const request: ConformanceRequest = { name: 'front', method: 'GET', path: `~${record.link}`, about: 'front' };
          cells.push({
            role,
            way: 'permalink page',
            type: type.name,
            record: record.name,
            state: record.state,
            request,
            reading: 'status',
          });
        }
      }
    }
    const search: ConformanceRequest = {
      name: 'search',
      method: 'GET',
      path: `/wp/v2/search?search=${TOKEN}&per_page=100`,
      as,
      about: 'search',
    };
    cells.push({ role, way: 'search', type: 'site', record: '*', state: 'any', request: search, reading: 'search' });
    for (const [way, path] of editorReads(world)) {
      const request: ConformanceRequest = { name: way, method: 'GET', path, as, about: way };
      cells.push({ role, way, type: 'editor', record: '-', state: '-', request, reading: 'record' });
    }
  }
  return cells;
}

/**
 * The block editor's site-wide reads (issue 36): block types, server rendering, patterns, the
 * theme, and another user's preferences (the author's, in edit context).
 */
function editorReads(world: World): [way: string, path: string][] {
  return [
    ['block-types', '/wp/v2/block-types?_fields=name'],
    ['block-type', '/wp/v2/block-types/core/paragraph'],
    ['block-renderer', '/wp/v2/block-renderer/core/archives?context=edit'],
    ['block-patterns', '/wp/v2/block-patterns/patterns?_fields=name'],
    ['block-pattern categories', '/wp/v2/block-patterns/categories'],
    ['themes status=active', '/wp/v2/themes?status=active&_fields=stylesheet,theme_supports'],
    ['themes', '/wp/v2/themes?_fields=stylesheet'],
    ["author's preferences", `/wp/v2/users/${world.userIds.author}?context=edit&_fields=id,meta`],
  ];
}

/** The ways of the write phase, sent one at a time after the reads (they change what reads would see). */
export const WRITE_WAYS: readonly string[] = [
  'autosave create',
  "author's preferences write",
  'own preferences write',
  'batch update+delete',
];

/**
 * The block editor's writes (issue 36): each role autosaves every record of the types with
 * autosaves (with the content it has, so that what it shows does not change), writes the
 * author's preferences and its own.
 */
export function editorWriteCells(world: World): CellRequest[] {
  const cells: CellRequest[] = [];
  for (const role of ROLES) {
    const as = world.senders[role];
    for (const type of TYPES.filter((candidate) => candidate.revisions)) {
      for (const record of world.records.filter((candidate) => candidate.type === type.name)) {
        const request: ConformanceRequest = {
          name: 'autosave',
          method: 'POST',
          path: `/wp/v2/${type.base}/${record.id}/autosaves`,
          as,
          body: { content: `<p>Revised body of ${record.name}.</p>` },
          about: 'autosave',
        };
        cells.push({
          role,
          way: 'autosave create',
          type: type.name,
          record: record.name,
          state: record.state,
          request,
          reading: 'record',
        });
      }
    }
    const body = { meta: { persisted_preferences: PREFERENCES } };
    const ways: [string, string][] = [
      ["author's preferences write", `/wp/v2/users/${world.userIds.author}`],
      ['own preferences write', '/wp/v2/users/me'],
    ];
    for (const [way, path] of ways) {
      const request: ConformanceRequest = { name: way, method: 'POST', path, as, body, about: way };
      cells.push({ role, way, type: 'editor', record: '-', state: '-', request, reading: 'record' });
    }
  }
  return cells;
}

/** The batch cells: each role updates and deletes another user's published record of each type. */
export function batchCells(world: World, targets: readonly MadeRecord[]): CellRequest[] {
  const cells: CellRequest[] = [];
  for (const role of ROLES) {
    for (const target of targets.filter((candidate) => candidate.name === `batch-target-of-${role}`)) {
      const type = TYPES.find((candidate) => candidate.name === target.type);
      if (type === undefined) continue;
      const path = `/wp/v2/${type.base}/${target.id}`;
      const body = {
        requests: [
          { method: 'POST', path, body: { title: `${TOKEN} batch-updated` } },
          { method: 'DELETE', path },
        ],
      };
      const request: ConformanceRequest = {
        name: 'batch',
        method: 'POST',
        path: '/batch/v1',
        as: world.senders[role],
        body,
        about: 'batch',
      };
      cells.push({
        role,
        way: 'batch update+delete',
        type: type.name,
        record: 'batch-target',
        state: 'publish',
        request,
        reading: 'batch',
      });
    }
  }
  return cells;
}

type Json = Record<string, unknown>;

function isJson(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The name of a record of the world by id (and type when known), `other` for a record the matrix did not make. */
function nameOf(world: World, id: unknown, type?: string): string {
  const record = world.records.find((candidate) => candidate.id === id && (type === undefined || candidate.type === type));
  if (record === undefined) return `other`;
  return type === undefined ? `${record.type}/${record.name}` : record.name;
}

function protectedShown(item: unknown): boolean | undefined {
  const content = isJson(item) ? item.content : undefined;
  if (!isJson(content) || content.protected !== true) return undefined;
  return typeof content.rendered === 'string' && content.rendered !== '';
}

function embeddedOf(world: World, body: Json): string[] {
  const embedded = body._embedded;
  if (!isJson(embedded)) return [];
  const out: string[] = [];
  for (const rel of ['up', 'wp:featuredmedia']) {
    const items = embedded[rel];
    if (!Array.isArray(items)) continue;
    for (const item of items) {
      if (isJson(item) && typeof item.code === 'string') out.push(`${rel}:!${item.code}`);
      else out.push(`${rel}:${nameOf(world, isJson(item) ? item.id : undefined)}`);
    }
  }
  return out;
}

/** Reads an answer down to the cell's result. */
export function readAnswer(world: World, cell: CellRequest, answer: WireAnswer): CellResult {
  const body = parse(answer.text);
  const status = answer.status;
  if (cell.reading === 'status') return { status };
  if (isJson(body) && typeof body.code === 'string' && status >= 400) return { status, code: body.code };
  const total = answer.headers['x-wp-total'] === undefined ? undefined : Number(answer.headers['x-wp-total']);
  const withTotal = total === undefined ? {} : { total };
  switch (cell.reading) {
    case 'list': {
      const items = Array.isArray(body) ? body : [];
      const shown = items.map((item) => nameOf(world, isJson(item) ? item.id : undefined, cell.type)).sort();
      const unlocked = items
        .filter((item) => protectedShown(item) === true)
        .map((item) => nameOf(world, isJson(item) ? item.id : undefined, cell.type))
        .sort();
      return { status, shown, ...withTotal, ...(unlocked.length > 0 ? { unlocked } : {}) };
    }
    case 'search': {
      const items = Array.isArray(body) ? body : [];
      const shown = items.map((item) => nameOf(world, isJson(item) ? item.id : undefined)).sort();
      return { status, shown, ...withTotal };
    }
    case 'comments': {
      const items = Array.isArray(body) ? body : [];
      const shown = items
        .map((item) => {
          const record = world.records.find((candidate) => candidate.comment === (isJson(item) ? item.id : undefined));
          return record === undefined ? 'other' : `comment-on-${record.name}`;
        })
        .sort();
      return { status, shown, ...withTotal };
    }
    case 'terms': {
      const items = Array.isArray(body) ? body : [];
      return { status, shown: items.map((item) => String(isJson(item) ? item.slug : '')).sort(), ...withTotal };
    }
    case 'count':
      return { status, total: Array.isArray(body) ? body.length : -1 };
    case 'embed':
      return { status, embedded: isJson(body) ? embeddedOf(world, body) : [] };
    case 'batch': {
      const responses = isJson(body) && Array.isArray(body.responses) ? body.responses : [];
      const parts = responses.map((part) => {
        const partBody = isJson(part) ? part.body : undefined;
        const code = isJson(partBody) && typeof partBody.code === 'string' ? ` ${partBody.code}` : '';
        return `${isJson(part) ? String(part.status) : '?'}${code}`;
      });
      return { status, parts };
    }
    case 'record': {
      const unlocked = protectedShown(body);
      return { status, ...(unlocked === undefined ? {} : { unlocked }) };
    }
  }
}
