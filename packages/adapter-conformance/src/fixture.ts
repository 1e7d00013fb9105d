/**
 * The server every adapter is tested against, built from public exports of `@cms-json/core`
 * only: `demo/v1` notes (list with paging, item, create (also in a batch), update, delete),
 * each linked to its author (`people`, embeddable) and to a tag under a CURIE relation, a
 * string-keyed route, a route sending several `Set-Cookie` values, an upload route that takes
 * its body as a stream (it answers how many bytes it read, and their first ones), a route
 * that answers with what an internal dispatch answered, and site pages (one stands for an
 * API viewer the browsable pages link).
 *
 * @module
 */
import { browsable } from '@cms-json/browsable';
import {
  CREATABLE,
  collectionArgs,
  collectionResponse,
  contextArg,
  createArgs,
  createRestServer,
  DELETABLE,
  defineRoute,
  EDITABLE,
  type LinkTemplate,
  pageWindow,
  READABLE,
  type RestServer,
  type RestServerOptions,
  requireCapability,
  response,
  updateArgs,
} from '@cms-json/core';
import { openapi } from '@cms-json/openapi';
import { z } from 'zod';

/** The body limit of the fixture: small, so the suite can exceed it cheaply. */
export const FIXTURE_MAX_BODY_BYTES = 64 * 1024;

/** The limit of the fixture's upload route, which takes its body as a stream: over the body limit. */
export const FIXTURE_MAX_UPLOAD_BYTES = 256 * 1024;

/** How many notes the fixture starts with; note 7's title contains `été`. */
export const FIXTURE_NOTE_COUNT = 25;

const Note = z
  .object({
    id: z
      .number()
      .int()
      .readonly()
      .meta({ description: 'Unique identifier.', context: ['view', 'edit', 'embed'] }),
    title: z
      .string()
      .min(1)
      .meta({ description: 'The title.', context: ['view', 'edit', 'embed'] }),
    body: z.string().meta({ description: 'The body.', context: ['view', 'edit'] }),
  })
  .meta({ title: 'note' });

type NoteRecord = z.output<typeof Note>;

const Person = z
  .object({
    id: z
      .number()
      .int()
      .readonly()
      .meta({ description: 'Unique identifier.', context: ['view', 'edit', 'embed'] }),
    name: z.string().meta({ description: 'The name.', context: ['view', 'edit', 'embed'] }),
  })
  .meta({ title: 'person' });

/** The people notes are written by: note `n`'s author is person `n % 2 + 1`. */
const PEOPLE = new Map([
  [1, { id: 1, name: 'Ada' }],
  [2, { id: 2, name: 'Grace' }],
]);

/** The CURIE the fixture registers: its notes link their tag under `demo:tag`. */
export const FIXTURE_CURIE = { name: 'demo', href: 'https://notes.example/rels/{rel}' } as const;

/** The path of the site page the browsable pages link as their "API reference" (`viewerUrl`). */
export const FIXTURE_VIEWER_PATH = '/reference/';

/**
 * The page a fixture made with `exposeState` answers its state at (JSON
 * {@link ConformanceFixtureState}): how the suite reads it when the fixture runs in another
 * process (another runtime).
 */
export const FIXTURE_STATE_PATH = '/conformance-fixture/state';

/** A fixture's state, as its {@link FIXTURE_STATE_PATH} page answers it. */
export interface ConformanceFixtureState {
  /** How many notes there are. */
  notes: number;
  /** The messages of the errors the server reported to its `onError`, oldest first. */
  reported: { message: string }[];
}

/** Options of {@link createConformanceServer}: the server's, and whether to expose the state. */
export interface ConformanceServerOptions extends RestServerOptions {
  /**
   * Serve the fixture's state at {@link FIXTURE_STATE_PATH} (and record what `onError` is
   * given). For a fixture served in another process; the suite's in-process runs leave it off.
   */
  exposeState?: boolean;
}

/** A fixture server and its notes. */
export interface ConformanceFixture {
  server: RestServer;
  notes: Map<number, NoteRecord>;
}

/**
 * Creates the fixture. No `siteUrl` by default, so links are built from the adapter's mount
 * URL: the suite checks that adapters pass it correctly.
 *
 * @example
 * ```ts
 * const { server } = createConformanceServer();
 * await server.handle({ method: 'GET', url: '/cms-json/demo/v1/notes', headers: {} });
 * ```
 */
export function createConformanceServer(options: ConformanceServerOptions = {}): ConformanceFixture {
  const { exposeState = false, ...serverOptions } = options;
  const reported: { message: string }[] = [];
  if (exposeState) {
    const onError = serverOptions.onError;
    serverOptions.onError = (error, request) => {
      reported.push({ message: error instanceof Error ? error.message : String(error) });
      onError?.(error, request);
    };
  }
  const notes = new Map<number, NoteRecord>();
  let next = 1;
  for (; next <= FIXTURE_NOTE_COUNT; next++) {
    notes.set(next, { id: next, title: next === 7 ? 'Note 7 en été' : `Note ${next}`, body: `Body ${next}` });
  }
  const server = createRestServer({ maxBodyBytes: FIXTURE_MAX_BODY_BYTES, ...serverOptions });
  // The browsable API and the OpenAPI document the suite checks (both plugins register at once).
  void server.use(openapi());
  void server.use(browsable({ viewerUrl: FIXTURE_VIEWER_PATH }));
  server.curies.add(FIXTURE_CURIE);
  const editor = { id: 1, can: (capability: string) => capability === 'edit_posts' };
  server.authenticate((request) => (request.header('x-test-user') === 'editor' ? { user: editor } : null));
  const noteId = z
    .number()
    .int()
    .refine((id) => notes.has(id), 'Invalid note ID.')
    .meta({ description: 'Unique identifier.' });
  const links: LinkTemplate[] = [
    { rel: 'self', href: '/demo/v1/notes/:id' },
    { rel: 'collection', href: '/demo/v1/notes' },
    { rel: 'author', href: (note, { url }) => url(`/demo/v1/people/${(Number(note.id) % 2) + 1}`), embeddable: true },
    { rel: 'https://notes.example/rels/tag', href: (note, { url }) => url(`/demo/v1/tags/note-${String(note.id)}`) },
  ];
  const list = defineRoute({
    path: '/notes',
    schema: Note,
    links,
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: collectionArgs({ schema: Note, orderby: ['id', 'title'] }),
        permission: 'public',
        handler: (args, request) => {
          const search = args.search;
          const all = [...notes.values()].filter((n) => search === undefined || n.title.includes(search));
          all.sort((a, b) => (args.order === 'asc' ? 1 : -1) * (a.id - b.id));
          const { limit, offset } = pageWindow(args);
          const paging = { total: all.length, page: args.page, perPage: args.per_page };
          return collectionResponse(request, all.slice(offset, offset + limit), paging);
        },
      }),
      endpoint({
        methods: CREATABLE,
        args: createArgs(Note),
        allowBatch: { v1: true },
        permission: requireCapability('edit_posts'),
        handler: (args, request) => {
          const note = { id: next++, title: args.title, body: args.body };
          notes.set(note.id, note);
          return response(note, { status: 201, headers: { Location: request.scope.restUrl(`/demo/v1/notes/${note.id}`) } });
        },
      }),
    ],
  });
  const item = defineRoute({
    path: '/notes/:id',
    schema: Note,
    args: { id: noteId },
    links,
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: { context: contextArg(Note) },
        permission: 'public',
        handler: ({ id }) => notes.get(id) ?? null,
      }),
      endpoint({
        methods: EDITABLE,
        args: updateArgs(Note),
        permission: requireCapability('edit_posts'),
        handler: ({ id, title, body }) => {
          const note = notes.get(id) as NoteRecord;
          const updated = { ...note, title: title ?? note.title, body: body ?? note.body };
          notes.set(id, updated);
          return updated;
        },
      }),
      endpoint({
        methods: DELETABLE,
        permission: requireCapability('edit_posts'),
        handler: ({ id }) => {
          const previous = notes.get(id);
          notes.delete(id);
          return response({ deleted: true, previous }, { raw: true });
        },
      }),
    ],
  });
  const tag = defineRoute({
    path: '/tags/:slug',
    args: { slug: z.string().meta({ description: 'Any text.' }) },
    endpoints: (endpoint) => [endpoint({ methods: READABLE, permission: 'public', handler: ({ slug }) => ({ slug }) })],
  });
  const person = defineRoute({
    path: '/people/:id',
    schema: Person,
    args: {
      id: z
        .number()
        .int()
        .refine((id) => PEOPLE.has(id), 'Invalid person ID.')
        .meta({ description: 'Unique identifier.' }),
    },
    links: [{ rel: 'self', href: '/demo/v1/people/:id' }],
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: { context: contextArg(Person) },
        permission: 'public',
        handler: ({ id }) => PEOPLE.get(id) ?? null,
      }),
    ],
  });
  // A plugin's route that answers with what it asked the server in-process: the internal
  // request is made on the site of the outside one (`from: request`).
  const digest = defineRoute({
    path: '/digest',
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        permission: 'public',
        handler: async (_args, request) => {
          const first = await server.dispatch({ path: '/demo/v1/notes/1' }, { from: request });
          return { note: first.data, links: first.links };
        },
      }),
    ],
  });
  const cookies = defineRoute({
    path: '/cookies',
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        permission: 'public',
        handler: () => response({ ok: true }, { headers: { 'Set-Cookie': ['a=1; Path=/', 'b=2; Path=/'], 'X-Demo': 'yes' } }),
      }),
    ],
  });
  const uploads = defineRoute({
    path: '/uploads',
    endpoints: (endpoint) => [
      endpoint({
        methods: CREATABLE,
        streamBody: { maxBytes: FIXTURE_MAX_UPLOAD_BYTES },
        permission: requireCapability('edit_posts'),
        handler: async (_args, request) => {
          let bytes = 0;
          let head = '';
          const decoder = new TextDecoder('latin1');
          for await (const chunk of request.bodyStream ?? []) {
            bytes += chunk.byteLength;
            if (head.length < 512) head += decoder.decode(chunk.subarray(0, 512 - head.length));
          }
          return response({ bytes, head, contentType: request.contentType }, { status: 201 });
        },
      }),
    ],
  });
  server.register('demo/v1', list, item, person, tag, digest, cookies, uploads);
  server.page({ path: FIXTURE_VIEWER_PATH, handler: () => ({ body: '<p>API reference</p>' }) });
  server.page({ path: '/hello/:name', handler: ({ params }) => ({ body: `<p>Hello ${params.name ?? ''}</p>` }) });
  server.page({
    path: '/broken',
    handler: () => {
      throw new Error('page handler failure (expected by the conformance suite)');
    },
  });
  // A header value no HTTP stack can send (beyond Latin-1): the adapter's own fault, not the core's.
  server.page({ path: '/bad-header', handler: () => ({ headers: { 'X-Bad': 'a→b' }, body: 'never sent' }) });
  if (exposeState) {
    server.page({
      path: FIXTURE_STATE_PATH,
      handler: () => {
        const state: ConformanceFixtureState = { notes: notes.size, reported };
        return { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }, body: JSON.stringify(state) };
      },
    });
  }
  return { server, notes };
}
