import type { RestRequest } from '@cms-json/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';
import { postTypes } from '../posts/post-types.js';
import { TermsController } from './controller.js';
import { registerGenre } from './genre.js';
import type { Term } from './store.js';
import { type TaxonomyArgs, taxonomiesOf } from './taxonomy.js';

/** A taxonomy's own controller: one step overridden. */
class ShoutingController extends TermsController {
  override async record(term: Term, request: RestRequest) {
    return { ...(await super.record(term, request)), name: term.name.toUpperCase() };
  }
}

let site: ContentSite;
beforeAll(async () => {
  site = await contentSite();
  // A taxonomy for a type that does not exist fails at start-up: `book` is registered, without REST routes.
  postTypes(site.server).register('book', { public: true });
  registerGenre(site.server);
  const taxonomies = taxonomiesOf(site.server);
  taxonomies.register('mood', ['post'], { labels: { name: 'Moods', singular_name: 'Mood' }, restBase: 'moods' });
  taxonomies.register('shout', ['post'], { showInRest: true, restBase: 'shouts', controller: ShoutingController });
  // An extension switches `mood` on before the routes are built, as `register_taxonomy_args` does.
  site.server.objectTypes.filterArgs<TaxonomyArgs>('taxonomy', (args, name) =>
    name === 'mood' ? { ...args, showInRest: true, hierarchical: true } : args,
  );
});
afterAll(async () => {
  await site.close();
});

const admin = () => site.people.administrator.headers;

describe('registering taxonomies', () => {
  it('serves the books example’s genres with links to books filtered by genre', async () => {
    const created = await site.client.post('/cms/v2/genres', { headers: admin(), body: { name: 'Adventure' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ taxonomy: 'genre', link: 'http://site.test/genre/adventure/' });
    expect(created.body).not.toHaveProperty('parent');
    const taxonomy = await site.client.get('/cms/v2/taxonomies/genre');
    expect(taxonomy.body).toMatchObject({ name: 'Genres', types: ['book'], hierarchical: false, rest_base: 'genres' });
    // `book` has no REST routes in this site: no `cms:post_type` link, as in the original.
    expect(created.body._links['cms:post_type']).toBeUndefined();
  });

  it('lets an extension switch REST exposure on before the routes are built', async () => {
    const res = await site.client.post('/cms/v2/moods', { headers: admin(), body: { name: 'Calm' } });
    expect(res.status).toBe(201);
    expect(res.body.parent).toBe(0);
    expect(taxonomiesOf(site.server).get('mood')?.args.hierarchical).toBe(true);
    expect(Object.keys((await site.client.get('/cms/v2/taxonomies')).body)).toContain('mood');
  });

  it('serves a taxonomy through its own controller class', async () => {
    const res = await site.client.post('/cms/v2/shouts', { headers: admin(), body: { name: 'quiet' } });
    expect(res.body.name).toBe('QUIET');
    expect((await site.client.get(`/cms/v2/shouts/${res.body.id}`)).body.name).toBe('QUIET');
  });

  it('refuses a second taxonomy of one name and names that are not lower-case words', () => {
    const taxonomies = taxonomiesOf(site.server);
    expect(() => taxonomies.register('genre', ['book'])).toThrow(/the taxonomy "genre" is registered already/);
    expect(() => taxonomies.register('Bad Name', ['post'])).toThrow(/lower-case/);
  });

  it('lists only the taxonomies of a type with ?type=', async () => {
    expect(Object.keys((await site.client.get('/cms/v2/taxonomies?type=book')).body)).toEqual(['genre']);
  });
});

describe('taxonomies checked at start-up', () => {
  it('refuses a taxonomy registered for a type that is no post type, naming the plugin, the post types and the fix', async () => {
    const other = await contentSite();
    try {
      await other.server.use(function tagsPlugin(server) {
        taxonomiesOf(server).register('topic', ['Tags'], { showInRest: true });
      });
      expect(() => other.server.ready()).toThrow(
        'plugin tagsPlugin: the taxonomy "topic" is registered for "Tags", which is no post type of this server (it has: post, page, attachment, wp_block, revision). Name one of these, or register "Tags" with postTypes(server).register first.',
      );
    } finally {
      await other.close();
    }
  });

  it('names the plugin that added the object type later, and accepts a post type registered after the taxonomy', async () => {
    const other = await contentSite();
    try {
      await other.server.use(function genresPlugin(server) {
        taxonomiesOf(server).register('topic', ['book'], { showInRest: true, restBase: 'topics' });
      });
      await other.server.use(function booksPlugin(server) {
        postTypes(server).register('book', { public: true, showInRest: true, restBase: 'books' });
        taxonomiesOf(server).addObjectType('topic', 'bok');
      });
      expect(() => other.server.ready()).toThrow(
        /^plugin booksPlugin: the taxonomy "topic" is registered for "bok", which is no post type/,
      );
    } finally {
      await other.close();
    }
  });
});
