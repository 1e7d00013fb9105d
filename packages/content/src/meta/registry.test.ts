import { createRestServer } from '@cms-json/core';
import { describe, expect, it } from 'vitest';
import { contentSite } from '../../test/site.js';
import { isProtectedMeta, metaRegistry, registerMeta } from './registry.js';

describe('the meta registry', () => {
  it('shows in REST only the keys registered with showInRest, those of a subtype after the shared ones, for posts, terms and comments', () => {
    const server = createRestServer();
    registerMeta(server, 'post', 'rating', { type: 'integer', single: true, showInRest: true });
    registerMeta(server, 'post', 'internal', { type: 'string', single: true });
    registerMeta(server, 'post', 'isbn', { single: true, showInRest: true, subtype: 'book' });
    registerMeta(server, 'term', 'color', { single: true, showInRest: true });
    registerMeta(server, 'comment', 'stars', { type: 'integer', single: true, showInRest: true });
    registerMeta(server, 'comment', 'mood', { single: true, showInRest: true, subtype: 'comment' });
    const registry = metaRegistry(server);
    expect(registry.restKeys('post', 'post').map((key) => key.name)).toEqual(['rating']);
    expect(registry.restKeys('post', 'book').map((key) => key.name)).toEqual(['rating', 'isbn']);
    expect(registry.restKeys('term', 'category').map((key) => key.name)).toEqual(['color']);
    expect(registry.restKeys('comment', 'comment').map((key) => key.name)).toEqual(['stars', 'mood']);
    expect(registry.get('post', 'post', 'internal')).toMatchObject({ type: 'string' });
  });

  it('describes a non-single key as a list of its values, with the empty value of its type as default', () => {
    const server = createRestServer();
    registerMeta(server, 'post', 'scores', { type: 'number', showInRest: true, description: 'Scores.' });
    registerMeta(server, 'post', 'tracks', {
      type: 'array',
      single: true,
      showInRest: { schema: { items: { type: 'object', properties: { title: { type: 'string' } } } } },
    });
    const [scores, tracks] = metaRegistry(server).restKeys('post', 'post');
    expect(scores?.schema).toEqual({ type: 'array', items: { type: 'number', description: 'Scores.', default: 0 } });
    expect(tracks?.schema).toEqual({
      type: 'array',
      description: '',
      default: [],
      items: { type: 'object', properties: { title: { type: 'string' } }, additionalProperties: false },
    });
  });

  it('refuses an array key without the schema of its items, a default that does not fit, and other object types', () => {
    const server = createRestServer();
    expect(() => registerMeta(server, 'post', 'list', { type: 'array', showInRest: true })).toThrow(/showInRest.schema.items/);
    expect(() => registerMeta(server, 'post', 'count', { type: 'integer', default: 'many' })).toThrow(/does not fit/);
    expect(() => registerMeta(server, 'user' as 'post', 'bio', {})).toThrow(/"post", "term" and "comment"/);
    expect(metaRegistry(server).restKeys('post', 'post')).toEqual([]);
  });

  it('treats keys starting with an underscore as protected', () => {
    expect([isProtectedMeta('_edit_lock'), isProtectedMeta('\u0001_hidden'), isProtectedMeta('rating')]).toEqual([
      true,
      true,
      false,
    ]);
  });
});

describe('meta keys checked at start-up', () => {
  it('refuses a key of a subtype that is no post type or taxonomy, naming the plugin, the subtypes and the fix', async () => {
    const site = await contentSite();
    try {
      await site.server.use(function booksPlugin(server) {
        registerMeta(server, 'post', 'isbn', { single: true, showInRest: true, subtype: 'bok' });
      });
      expect(() => site.server.ready()).toThrow(
        "plugin booksPlugin: registerMeta(server, 'post', 'isbn') names the subtype \"bok\", which is no post type of this server (it has: post, page, attachment, wp_block, revision). Name one of these, or leave subtype out for every post type.",
      );
    } finally {
      await site.close();
    }
  });

  it('accepts keys of existing subtypes', async () => {
    const site = await contentSite();
    try {
      registerMeta(site.server, 'term', 'color', { single: true, showInRest: true, subtype: 'category' });
      registerMeta(site.server, 'comment', 'mood', { single: true, showInRest: true, subtype: 'comment' });
      expect(() => site.server.ready()).not.toThrow();
    } finally {
      await site.close();
    }
  });
});
