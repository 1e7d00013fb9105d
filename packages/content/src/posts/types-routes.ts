/**
 * `/types` and `/statuses`: the descriptions of the post types with routes and of the post
 * statuses, as WordPress 6.1 serves them — objects keyed by slug, each with its links, the
 * edit context for those who may edit the type's records.
 *
 * @module
 */
import { contextArg, defineRoute, denied, READABLE, type RestRequest, type Route, response } from '@cms-json/core';
import { z } from 'zod';
import { contentError } from '../errors.js';
import { opaqueObject } from '../opaque-object.js';
import { userCan } from '../permissions.js';
import { postTypeLabels } from './labels.js';
import { typeCapabilities } from './permissions.js';
import type { PostTypeArgs, PostTypeRegistry } from './post-types.js';
import { POST_STATUSES, type PostStatus } from './statuses.js';

/**
 * What the two routes need.
 *
 * @example
 * typesRoutes({ registry: postTypes(server), namespace: 'cms/v2', prefix: 'cms', relationBase: 'https://api.cms-json.org/' });
 */
export interface TypesRoutesOptions {
  readonly registry: PostTypeRegistry;
  readonly namespace: string;
  /** The CURIE prefix (`cms`, `wp`). */
  readonly prefix: string;
  /** The base of link relations, written compact as `<prefix>:<rel>`. */
  readonly relationBase: string;
}

const TypeSchema = z
  .object({
    capabilities: opaqueObject(z.string(), { description: 'All capabilities used by the post type.', context: ['edit'] }),
    description: z
      .string()
      .readonly()
      .meta({ description: 'A human-readable description of the post type.', context: ['view', 'edit'] }),
    hierarchical: z
      .boolean()
      .readonly()
      .meta({ description: 'Whether or not the post type should have children.', context: ['view', 'edit'] }),
    visibility: z
      .object({
        show_in_nav_menus: z
          .boolean()
          .meta({ description: 'Whether to make the post type available for selection in navigation menus.' }),
        show_ui: z.boolean().meta({ description: 'Whether to generate a default UI for managing this post type.' }),
      })
      .readonly()
      .meta({ description: 'The visibility settings for the post type.', context: ['edit'] }),
    viewable: z
      .boolean()
      .readonly()
      .meta({ description: 'Whether or not the post type can be viewed.', context: ['edit'] }),
    labels: opaqueObject(z.string().nullable(), {
      description: 'Human-readable labels for the post type for various contexts.',
      context: ['edit'],
    }),
    name: z
      .string()
      .readonly()
      .meta({ description: 'The title for the post type.', context: ['view', 'edit', 'embed'] }),
    slug: z
      .string()
      .readonly()
      .meta({ description: 'An alphanumeric identifier for the post type.', context: ['view', 'edit', 'embed'] }),
    supports: opaqueObject(z.boolean(), { description: 'All features, supported by the post type.', context: ['edit'] }),
    has_archive: z
      .union([z.string(), z.boolean()])
      .readonly()
      .meta({
        description:
          'If the value is a string, the value will be used as the archive slug. If the value is false the post type has no archive.',
        context: ['view', 'edit'],
      }),
    taxonomies: z
      .array(z.string())
      .readonly()
      .meta({ description: 'Taxonomies associated with post type.', context: ['view', 'edit'] }),
    rest_base: z
      .string()
      .readonly()
      .meta({ description: 'REST base route for the post type.', context: ['view', 'edit', 'embed'] }),
    rest_namespace: z
      .string()
      .readonly()
      .meta({ description: "REST route's namespace for the post type.", context: ['view', 'edit', 'embed'] }),
    icon: z
      .string()
      .nullable()
      .readonly()
      .meta({ description: 'The icon for the post type.', context: ['view', 'edit', 'embed'] }),
  })
  .meta({ title: 'type' });

const StatusSchema = z
  .object({
    name: z
      .string()
      .readonly()
      .meta({ description: 'The title for the status.', context: ['embed', 'view', 'edit'] }),
    private: z
      .boolean()
      .readonly()
      .meta({ description: 'Whether posts with this status should be private.', context: ['edit'] }),
    protected: z
      .boolean()
      .readonly()
      .meta({ description: 'Whether posts with this status should be protected.', context: ['edit'] }),
    public: z
      .boolean()
      .readonly()
      .meta({
        description: 'Whether posts of this status should be shown in the front end of the site.',
        context: ['view', 'edit'],
      }),
    queryable: z
      .boolean()
      .readonly()
      .meta({ description: 'Whether posts with this status should be publicly-queryable.', context: ['view', 'edit'] }),
    show_in_list: z
      .boolean()
      .readonly()
      .meta({ description: 'Whether to include posts in the edit listing for their post type.', context: ['edit'] }),
    slug: z
      .string()
      .readonly()
      .meta({ description: 'An alphanumeric identifier for the status.', context: ['embed', 'view', 'edit'] }),
    date_floating: z
      .boolean()
      .readonly()
      .meta({ description: 'Whether posts of this status may have floating published dates.', context: ['view', 'edit'] }),
  })
  .meta({ title: 'status' });

const VIEW_TYPE = [
  'description',
  'hierarchical',
  'has_archive',
  'name',
  'slug',
  'icon',
  'taxonomies',
  'rest_base',
  'rest_namespace',
];
const EMBED_TYPE = ['name', 'slug', 'icon', 'rest_base', 'rest_namespace'];
const VIEW_STATUS = ['name', 'public', 'queryable', 'slug', 'date_floating'];
const EMBED_STATUS = ['name', 'slug'];

const DEFAULT_ICONS: Readonly<Record<string, string>> = {
  post: 'dashicons-admin-post',
  page: 'dashicons-admin-page',
  attachment: 'dashicons-admin-media',
};

function pick(record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]]));
}

/**
 * The `/types` and `/statuses` routes.
 *
 * @example
 * server.register('cms/v2', ...typesRoutes({ registry, namespace: 'cms/v2', prefix: 'cms', relationBase }));
 */
export function typesRoutes(options: TypesRoutesOptions): Route[] {
  const { registry, namespace, prefix, relationBase } = options;
  const curies = [{ name: prefix, href: `${relationBase}{rel}`, templated: true }];
  const served = () =>
    registry
      .names()
      .map((name) => [name, registry.get(name)] as const)
      .filter((entry): entry is readonly [string, PostTypeArgs] => entry[1]?.showInRest === true);

  const typeRecord = (request: RestRequest, name: string, args: PostTypeArgs, context: string) => {
    const ns = args.restNamespace ?? namespace;
    const full: Record<string, unknown> = {
      capabilities: typeCapabilities(args),
      description: args.description,
      hierarchical: args.hierarchical,
      has_archive: args.hasArchive,
      visibility: { show_in_nav_menus: args.showInNavMenus ?? args.public, show_ui: args.showUi ?? args.public },
      labels: postTypeLabels(args),
      name: args.label,
      slug: name,
      icon: args.icon ?? DEFAULT_ICONS[name] ?? null,
      supports: Object.fromEntries(args.supports.map((feature) => [feature, true])),
      taxonomies: registry.restTaxonomies(name),
      rest_base: args.restBase,
      rest_namespace: ns,
      viewable: args.public,
    };
    const keys = context === 'edit' ? [...Object.keys(full)] : context === 'embed' ? EMBED_TYPE : VIEW_TYPE;
    return {
      ...pick(full, keys),
      _links: {
        collection: [{ href: request.scope.restUrl(`/${namespace}/types`) }],
        [`${prefix}:items`]: [{ href: request.scope.restUrl(`/${ns}/${args.restBase}`) }],
        curies,
      },
    };
  };

  const mayEdit = (request: RestRequest, args: PostTypeArgs) => userCan(request, typeCapabilities(args).edit_posts);

  const statusRecord = (request: RestRequest, slug: string, status: PostStatus, context: string) => {
    const full: Record<string, unknown> = {
      name: status.name,
      private: status.private,
      protected: !status.public && !status.private && !status.internal,
      public: status.public,
      queryable: status.public,
      show_in_list: status.showInList,
      slug,
      date_floating: status.dateFloating,
    };
    const keys = context === 'edit' ? [...Object.keys(full)] : context === 'embed' ? EMBED_STATUS : VIEW_STATUS;
    // As the original: the archives of `post` only, filtered by the status unless it is `publish`.
    const post = registry.get('post');
    const base = post === undefined ? undefined : `/${post.restNamespace ?? namespace}/${post.restBase}`;
    const href = base === undefined ? undefined : request.scope.restUrl(slug === 'publish' ? base : `${base}?status=${slug}`);
    return { ...pick(full, keys), _links: href === undefined ? {} : { archives: [{ href }] } };
  };

  const mayEditAny = (request: RestRequest) => served().some(([, args]) => mayEdit(request, args));
  // As the original: public statuses for anyone; the others, and `trash` (the one internal
  // status it lists), for those who may edit some type's records.
  const visibleStatus = (request: RestRequest, slug: string, status: PostStatus) =>
    status.public || ((!status.internal || slug === 'trash') && mayEditAny(request));

  const types = defineRoute({
    path: '/types',
    schema: TypeSchema,
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: { context: contextArg(TypeSchema) },
        permission: (request, { context }) =>
          context === 'edit' && !mayEditAny(request) ? denied(request, contentError('rest_cannot_view.post_type')) : true,
        handler: ({ context }, request) => {
          // Built from the registered types (code): shared without keys.
          request.cacheKeys.markStatic();
          const body: Record<string, unknown> = {};
          for (const [name, args] of served()) {
            if (context === 'edit' && !mayEdit(request, args)) continue;
            body[name] = typeRecord(request, name, args, context);
          }
          return response(body, { raw: true });
        },
      }),
    ],
  });

  const type = defineRoute({
    path: '/types/(?P<type>[\\w-]+)',
    schema: TypeSchema,
    args: { type: z.string().meta({ description: 'An alphanumeric identifier for the post type.' }) },
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: { context: contextArg(TypeSchema) },
        // The original checks all of it in the handler, not the permission step: so its errors
        // still carry `Allow: GET` (the methods whose permission passes).
        permission: 'public',
        handler: ({ type: name, context }, request) => {
          const args = registry.get(name);
          if (args === undefined) throw contentError('rest_type_invalid');
          // A type without routes exists, but is not for REST clients to read: 401/403 as the original.
          if (!args.showInRest) throw denied(request, contentError('rest_cannot_read_type'));
          if (context === 'edit' && !mayEdit(request, args)) {
            throw denied(request, contentError('rest_forbidden_context.post_type'));
          }
          request.cacheKeys.markStatic();
          return response(typeRecord(request, name, args, context), { raw: true });
        },
      }),
    ],
  });

  const statuses = defineRoute({
    path: '/statuses',
    schema: StatusSchema,
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: { context: contextArg(StatusSchema) },
        permission: (request, { context }) =>
          context === 'edit' && !mayEditAny(request) ? denied(request, contentError('rest_cannot_view.statuses')) : true,
        handler: ({ context }, request) => {
          request.cacheKeys.markStatic();
          const body: Record<string, unknown> = {};
          for (const [slug, status] of Object.entries(POST_STATUSES)) {
            if (visibleStatus(request, slug, status)) body[slug] = statusRecord(request, slug, status, context);
          }
          return response(body, { raw: true });
        },
      }),
    ],
  });

  const status = defineRoute({
    path: '/statuses/(?P<status>[\\w-]+)',
    schema: StatusSchema,
    args: { status: z.string().meta({ description: 'An alphanumeric identifier for the status.' }) },
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: { context: contextArg(StatusSchema) },
        permission: (request, { status: slug }) => {
          const found = POST_STATUSES[slug];
          if (found === undefined) return contentError('rest_status_invalid');
          return visibleStatus(request, slug, found) ? true : denied(request, contentError('rest_cannot_read_status'));
        },
        handler: ({ status: slug, context }, request) => {
          request.cacheKeys.markStatic();
          return response(statusRecord(request, slug, POST_STATUSES[slug] as PostStatus, context), { raw: true });
        },
      }),
    ],
  });

  return [types, type, statuses, status];
}
