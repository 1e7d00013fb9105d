/**
 * A small in-memory plugin the browsable API's tests use (the core's test fixture, from the
 * core's public API): `demo/v1` with a list, an item, a create and a delete, shaped like the
 * tel/v1 example.
 */
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
  RestError,
  type RestServerOptions,
  requireCapability,
  response,
  updateArgs,
} from '@cms-json/core';
import { z } from 'zod';

export const Note = z
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
    secret: z
      .string()
      .optional()
      .meta({ description: 'Edit only.', context: ['edit'] }),
    author: z
      .number()
      .int()
      .readonly()
      .meta({ description: 'Author id.', context: ['view', 'edit', 'embed'] }),
  })
  .meta({ title: 'note' });

export type NoteRecord = z.output<typeof Note>;

export function createDemoServer(options: RestServerOptions = {}) {
  const notes = new Map<number, NoteRecord>();
  let next = 1;
  for (let i = 0; i < 25; i++) {
    const id = next++;
    notes.set(id, { id, title: `Note ${id}`, body: `Body ${id}`, secret: `s${id}`, author: 1 });
  }
  const server = createRestServer({ siteUrl: 'http://example.test', ...options });
  const editor = { id: 1, can: (cap: string) => cap === 'edit_posts' };
  const reader = { id: 2, can: () => false };
  server.authenticate((request) => {
    const who = request.header('x-test-user');
    if (who === 'editor') return { user: editor };
    if (who === 'reader') return { user: reader };
    return null;
  });
  const noteId = z
    .number()
    .int()
    .refine((id) => notes.has(id), 'Invalid note ID.')
    .meta({ description: 'Unique identifier.' });
  const links = [
    { rel: 'self', href: '/demo/v1/notes/:id' },
    { rel: 'collection', href: '/demo/v1/notes' },
    { rel: 'author', href: '/demo/v1/people/:author', embeddable: true },
    { rel: `${server.options.curieBase}related`, href: '/demo/v1/notes/:id', attributes: { name: 'same' } },
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
          let all = [...notes.values()];
          if (args.search !== undefined) all = all.filter((n) => n.title.includes(args.search ?? ''));
          all.sort((a, b) => (args.order === 'asc' ? 1 : -1) * (a.id - b.id));
          const { limit, offset } = pageWindow(args);
          return collectionResponse(request, all.slice(offset, offset + limit), {
            total: all.length,
            page: args.page,
            perPage: args.per_page,
          });
        },
      }),
      endpoint({
        methods: CREATABLE,
        args: createArgs(Note),
        permission: requireCapability('edit_posts'),
        handler: (args, request) => {
          const id = next++;
          const note = { id, title: args.title, body: args.body, secret: args.secret, author: 1 };
          notes.set(id, note);
          return response(note, { status: 201, headers: { Location: request.scope.restUrl(`/demo/v1/notes/${id}`) } });
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
          const updated = { ...note, title: title || note.title, body: body ?? note.body };
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
  const people = defineRoute({
    path: '/people/:id',
    args: { id: z.number().int() },
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        permission: 'public',
        handler: ({ id }) => {
          if (id !== 1) throw new RestError('demo_no_person', 'No such person.', { status: 404 });
          return { id, name: 'Ada' };
        },
      }),
    ],
  });
  const boom = defineRoute({
    path: '/boom',
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        permission: 'public',
        handler: () => {
          throw new Error('secret internals /etc/passwd');
        },
      }),
    ],
  });
  server.register('demo/v1', list, item, people, boom);
  return { server, notes };
}
