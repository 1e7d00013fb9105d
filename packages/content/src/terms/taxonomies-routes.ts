/**
 * `/taxonomies` and `/taxonomies/<taxonomy>`: the taxonomies with REST routes, as the
 * original's taxonomies controller shows them. The list is an object keyed by taxonomy
 * name, as in the original.
 *
 * @module
 */
import { contextArg, defineRoute, denied, READABLE, type RestRequest, type Route, response } from '@cms-json/core';
import { z } from 'zod';
import { contentError } from '../errors.js';
import { opaqueObject } from '../opaque-object.js';
import { userCan } from '../permissions.js';
import { taxonomyLabels } from './labels.js';
import type { Taxonomy, TaxonomyRegistry } from './taxonomy.js';

const ALL = ['view', 'edit', 'embed'];
const VIEW_EDIT = ['view', 'edit'];
const EDIT = ['edit'];

/**
 * The taxonomy record (WordPress's `taxonomy` schema).
 *
 * @example
 * itemJsonSchema(TaxonomySchema).title; // 'taxonomy'
 */
export const TaxonomySchema = z
  .object({
    capabilities: opaqueObject(z.string(), { description: 'All capabilities used by the taxonomy.', context: EDIT }),
    description: z.string().readonly().meta({ description: 'A human-readable description of the taxonomy.', context: VIEW_EDIT }),
    hierarchical: z
      .boolean()
      .readonly()
      .meta({ description: 'Whether or not the taxonomy should have children.', context: VIEW_EDIT }),
    labels: opaqueObject(z.string().nullable(), {
      description: 'Human-readable labels for the taxonomy for various contexts.',
      context: EDIT,
    }),
    name: z.string().readonly().meta({ description: 'The title for the taxonomy.', context: ALL }),
    slug: z.string().readonly().meta({ description: 'An alphanumeric identifier for the taxonomy.', context: ALL }),
    show_cloud: z.boolean().readonly().meta({ description: 'Whether or not the term cloud should be displayed.', context: EDIT }),
    types: z.array(z.string()).readonly().meta({ description: 'Types associated with the taxonomy.', context: VIEW_EDIT }),
    rest_base: z.string().readonly().meta({ description: 'REST base route for the taxonomy.', context: ALL }),
    rest_namespace: z.string().readonly().meta({ description: 'REST namespace route for the taxonomy.', context: ALL }),
    visibility: z
      .object({
        public: z.boolean().meta({
          description: 'Whether a taxonomy is intended for use publicly either via the admin interface or by front-end users.',
        }),
        publicly_queryable: z.boolean().meta({ description: 'Whether the taxonomy is publicly queryable.' }),
        show_ui: z.boolean().meta({ description: 'Whether to generate a default UI for managing this taxonomy.' }),
        show_admin_column: z.boolean().meta({
          description: 'Whether to allow automatic creation of taxonomy columns on associated post-types table.',
        }),
        show_in_nav_menus: z
          .boolean()
          .meta({ description: 'Whether to make the taxonomy available for selection in navigation menus.' }),
        show_in_quick_edit: z.boolean().meta({ description: 'Whether to show the taxonomy in the quick/bulk edit panel.' }),
      })
      .readonly()
      .meta({ description: 'The visibility settings for the taxonomy.', context: EDIT }),
  })
  .meta({ title: 'taxonomy' });

/** The fields of each context, from the schema. */
const FIELDS_BY_CONTEXT = (() => {
  const out: Record<string, string[]> = { view: [], edit: [], embed: [] };
  for (const [name, field] of Object.entries(TaxonomySchema.shape)) {
    for (const context of (field.meta()?.context as string[] | undefined) ?? []) out[context]?.push(name);
  }
  return out;
})();

/** The full record of a taxonomy, in the original's field order. */
function taxonomyRecord(taxonomy: Taxonomy): z.output<typeof TaxonomySchema> {
  const { args } = taxonomy;
  const labels = taxonomyLabels(taxonomy.name, args);
  return {
    name: labels.name ?? taxonomy.name,
    slug: taxonomy.name,
    capabilities: { ...args.capabilities },
    description: args.description,
    labels,
    types: [...taxonomy.objectTypes],
    show_cloud: args.showCloud,
    hierarchical: args.hierarchical,
    rest_base: args.restBase,
    rest_namespace: args.restNamespace,
    visibility: {
      public: true,
      publicly_queryable: true,
      show_admin_column: args.showAdminColumn,
      show_in_nav_menus: true,
      show_in_quick_edit: true,
      show_ui: true,
    },
  };
}

/**
 * May the caller see this taxonomy in this context? As the original's taxonomies controller:
 * the `edit` context needs the taxonomy's `assign_terms` (a contributor assigns categories
 * and tags to their posts, so the editor's panels read them in that context).
 */
function canSee(request: RestRequest, taxonomy: Taxonomy, context: string): boolean {
  return taxonomy.args.showInRest && (context !== 'edit' || userCan(request, taxonomy.args.capabilities.assign_terms));
}

/** The taxonomies a list covers: those of `type` when given (none for an unknown type), else all. */
function listed(taxonomies: TaxonomyRegistry, type: string | undefined): Taxonomy[] {
  const all = taxonomies.all();
  return type === undefined || type === '' ? all : all.filter((taxonomy) => taxonomy.objectTypes.includes(type));
}

/**
 * Options of {@link taxonomiesRoutes}.
 *
 * @example
 * const options: TaxonomiesRoutesOptions = { taxonomies, relationBase: 'https://api.cms-json.org/', namespace: 'cms/v2' };
 */
export interface TaxonomiesRoutesOptions {
  taxonomies: TaxonomyRegistry;
  /** The base of the relation URIs (`https://api.cms-json.org/`): the `items` link is `<base>items`. */
  relationBase: string;
  /** The content namespace (`cms/v2`), where `/taxonomies` is. */
  namespace: string;
}

/**
 * The taxonomies routes, relative to the content namespace.
 *
 * @example
 * server.register('cms/v2', ...taxonomiesRoutes({ taxonomies, relationBase: server.options.curieBase, namespace: 'cms/v2' }));
 */
export function taxonomiesRoutes(options: TaxonomiesRoutesOptions): Route[] {
  const { taxonomies, relationBase, namespace } = options;
  const itemsRel = `${relationBase}items`;
  const collection = defineRoute({
    path: '/taxonomies',
    schema: TaxonomySchema,
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: {
          context: contextArg(TaxonomySchema),
          type: z.string().optional().meta({ description: 'Limit results to taxonomies associated with a specific post type.' }),
        },
        permission: (request, args) => {
          if (args.context !== 'edit') return true;
          // As the original: allowed when the caller may assign the terms of one of the listed taxonomies.
          const assigns = listed(taxonomies, args.type).some((taxonomy) => canSee(request, taxonomy, 'edit'));
          return assigns || denied(request, contentError('rest_cannot_view.taxonomy'));
        },
        handler: (args, request) => {
          // Built from the registered taxonomies (code): shared without keys.
          request.cacheKeys.markStatic();
          const fields = FIELDS_BY_CONTEXT[args.context] ?? [];
          const prefix = request.scope.prefix;
          const out: Record<string, unknown> = {};
          for (const taxonomy of listed(taxonomies, args.type)) {
            if (!canSee(request, taxonomy, args.context)) continue;
            const full: Record<string, unknown> = taxonomyRecord(taxonomy);
            const record = Object.fromEntries(
              Object.keys(full)
                .filter((key) => fields.includes(key))
                .map((key) => [key, full[key]]),
            );
            out[taxonomy.name] = {
              ...record,
              _links: {
                collection: [{ href: request.scope.restUrl(`/${namespace}/taxonomies`) }],
                [`${prefix}:items`]: [
                  { href: request.scope.restUrl(`/${taxonomy.args.restNamespace}/${taxonomy.args.restBase}`) },
                ],
                curies: [{ name: prefix, href: `${relationBase}{rel}`, templated: true }],
              },
            };
          }
          return response(out, { raw: true });
        },
      }),
    ],
  });
  const item = defineRoute({
    path: '/taxonomies/(?P<taxonomy>[\\w-]+)',
    schema: TaxonomySchema,
    args: { taxonomy: z.string().meta({ description: 'An alphanumeric identifier for the taxonomy.' }) },
    links: [
      { rel: 'collection', href: `/${namespace}/taxonomies` },
      { rel: itemsRel, href: (record, { url }) => url(`/${String(record.rest_namespace)}/${String(record.rest_base)}`) },
    ],
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: { context: contextArg(TaxonomySchema) },
        permission: (request, args) => {
          const taxonomy = taxonomies.get(args.taxonomy);
          if (taxonomy === undefined) return true;
          if (!taxonomy.args.showInRest) return denied(request, 'rest_forbidden');
          if (args.context === 'edit' && !canSee(request, taxonomy, 'edit')) {
            return denied(request, contentError('rest_forbidden_context.taxonomy'));
          }
          return true;
        },
        handler: (args, request) => {
          const taxonomy = taxonomies.get(args.taxonomy);
          if (taxonomy === undefined) throw contentError('rest_taxonomy_invalid');
          request.cacheKeys.markStatic();
          return taxonomyRecord(taxonomy);
        },
      }),
    ],
  });
  return [collection, item];
}
