/**
 * The ratings plugin: it owns the `ratings/v1` namespace and extends the records of a type
 * another package owns (`user`, from `@cms-json/content`) without touching that package's
 * routes. Every user record gets
 * - a `rating` field (0 to 5 stars): in the record, its schema, `context` and `_fields`,
 *   and written by the users routes' create and update through the field's `update`;
 * - a `ratings:rating` link to `/ratings/v1/users/<id>`, which `_embed` inlines.
 *
 * @module
 */
import { defineRoute, type Plugin, READABLE, RestError } from '@cms-json/core';
import { type Database, runMigrations } from '@cms-json/database';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { migrations, type RatingsTables } from './migrations.js';
import { RatingsStore } from './store.js';

/** The plugin's namespace. */
export const NAMESPACE = 'ratings/v1';

/** The relation of the link added to users, and its CURIE. */
export const RATING_RELATION = 'https://api.ratings.example/rating';

/** Options of {@link ratings}. */
export interface RatingsOptions<DB extends RatingsTables = RatingsTables> {
  /** The site's database (from `openDatabase`, or a `Database` of your own); the plugin's migration creates its table there. */
  database: Database<DB>;
}

const Stars = z.number().int().min(0).max(5);

/**
 * The ratings plugin.
 *
 * @example
 * ```ts
 * await server.use(contentPlugin({ auth }));
 * await server.use(ratings({ database }));   // before or after: fields and links are built in when the routes are
 * ```
 */
export function ratings<DB extends RatingsTables>(options: RatingsOptions<DB>): Plugin {
  return async function ratingsPlugin(server) {
    await runMigrations(options.database, { owner: 'ratings', migrations });
    // The site's database holds the plugin's table among others: its Kysely seen with the plugin's tables only.
    const store = new RatingsStore(options.database.db as unknown as Kysely<RatingsTables>);
    server.curies.add({ name: 'ratings', href: 'https://api.ratings.example/{rel}' });
    server.registerRestField('user', 'rating', {
      schema: Stars.meta({ description: 'Stars the team gave the user, 0 to 5.', context: ['view', 'edit'] }),
      get: (user) => store.of(Number(user.id)),
      update: async (value, user, request) => {
        // Only an editor of users rates them; the users route has already checked the rest.
        if (request.user?.can('edit_users') !== true) {
          throw new RestError('ratings_cannot_rate', 'Sorry, you are not allowed to rate users.', { status: 403 });
        }
        await store.set(Number(user.id), value as number);
      },
    });
    server.objectTypes.get('user').addLink({ rel: RATING_RELATION, href: `/${NAMESPACE}/users/:id`, embeddable: true });
    server.register(
      NAMESPACE,
      defineRoute({
        path: '/users/:id',
        args: { id: z.number().int().min(1).meta({ description: 'The rated user.' }) },
        schema: z
          .object({
            user: z
              .number()
              .int()
              .meta({ description: 'The rated user.', context: ['view', 'edit', 'embed'] }),
            stars: Stars.meta({ description: 'Stars, 0 to 5.', context: ['view', 'edit', 'embed'] }),
          })
          .meta({ title: 'rating' }),
        endpoints: (endpoint) => [
          endpoint({
            methods: READABLE,
            args: { context: z.enum(['view', 'edit', 'embed']).default('view') },
            permission: 'public',
            handler: async ({ id }) => ({ user: id, stars: await store.of(id) }),
          }),
        ],
      }),
    );
  };
}
