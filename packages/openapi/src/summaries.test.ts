import { describe, expect, it } from 'vitest';
import { operationSummary } from './summaries.js';

const ns = { namespace: 'cms/v2' };

describe('operation summaries', () => {
  it('read as a verb and the records acted on', () => {
    const posts = [{ text: 'posts' }];
    expect(operationSummary('GET', posts, { collection: true, ...ns })).toBe('List posts');
    expect(operationSummary('POST', [{ text: 'tags' }], { collection: true, ...ns })).toBe('Create a tag');
    const post = [...posts, { param: 'id' }];
    expect(operationSummary('GET', post, { collection: false, ...ns })).toBe('Retrieve a post');
    expect(operationSummary('PATCH', post, { collection: false, ...ns })).toBe('Update a post');
    expect(operationSummary('DELETE', post, { collection: false, ...ns })).toBe('Delete a post');
    expect(operationSummary('GET', [{ text: 'outgoing-links' }, { param: 'id' }], { collection: false, ...ns })).toBe(
      'Retrieve an outgoing link',
    );
  });

  it('name the owner of nested records, the current user and single resources', () => {
    const revisions = [{ text: 'posts' }, { param: 'parent' }, { text: 'revisions' }];
    expect(operationSummary('GET', revisions, { collection: true, ...ns })).toBe('List revisions of a post');
    expect(operationSummary('DELETE', [...revisions, { param: 'id' }], { collection: false, ...ns })).toBe(
      'Delete a revision of a post',
    );
    const passwords = [{ text: 'users' }, { param: 'user_id' }, { text: 'application-passwords' }];
    expect(operationSummary('POST', passwords, { collection: true, ...ns })).toBe('Create an application password of a user');
    expect(operationSummary('GET', [{ text: 'users' }, { text: 'me' }], { collection: false, ...ns })).toBe(
      'Retrieve the current user',
    );
    expect(operationSummary('POST', [{ text: 'settings' }], { collection: false, ...ns })).toBe('Update the settings');
  });

  it('describe a namespace root and the REST root', () => {
    expect(operationSummary('GET', [], { collection: false, namespace: 'tel/v1' })).toBe('Retrieve the index of tel/v1');
    expect(operationSummary('GET', [], { collection: false, namespace: '' })).toBe('Retrieve the REST root index');
  });
});
