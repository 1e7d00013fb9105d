/**
 * The server every adapter is tested against, built from public exports of `@cms-json/core`
 * only: `demo/v1` notes (list with paging, item, create, update, delete), a string-keyed
 * route, a route sending several `Set-Cookie` values, an upload route that takes its body as
 * a stream (it answers how many bytes it read, and their first ones), and two site pages.
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
export function createConformanceServer(options: RestServerOptions = {}): ConformanceFixture {
  const notes = new Map<number, NoteRecord>();
  let next = 1;
  for (; next <= FIXTURE_NOTE_COUNT; next++) {
    notes.set(next, { id: next, title: next === 7 ? 'Note 7 en été' : `Note ${next}`, body: `Body ${next}` });
  }
  const server = createRestServer({ maxBodyBytes: FIXTURE_MAX_BODY_BYTES, ...options });
  // The browsable API and the OpenAPI document the suite checks (both plugins register at once).
  void server.use(openapi());
  void server.use(browsable());
  const editor = { id: 1, can: (capability: string) => capability === 'edit_posts' };
  server.authenticate((request) => (request.header('x-test-user') === 'editor' ? { user: editor } : null));
  const noteId = z
    .number()
    .int()
    .refine((id) => notes.has(id), 'Invalid note ID.')
    .meta({ description: 'Unique identifier.' });
  const links = [
    { rel: 'self', href: '/demo/v1/notes/:id' },
    { rel: 'collection', href: '/demo/v1/notes' },
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
  server.register('demo/v1', list, item, tag, cookies, uploads);
  server.page({ path: '/hello/:name', handler: ({ params }) => ({ body: `<p>Hello ${params.name ?? ''}</p>` }) });
  server.page({
    path: '/broken',
    handler: () => {
      throw new Error('page handler failure (expected by the conformance suite)');
    },
  });
  // A header value no HTTP stack can send (beyond Latin-1): the adapter's own fault, not the core's.
  server.page({ path: '/bad-header', handler: () => ({ headers: { 'X-Bad': 'a→b' }, body: 'never sent' }) });
  return { server, notes };
}
