import { describe, expect, it } from 'vitest';
import { OperationIds, operationName, singular } from './operation-ids.js';

describe('operation ids', () => {
  it('read as a verb and the resource', () => {
    const links = [{ text: 'outgoing-links' }];
    expect(operationName('GET', links, { collection: true })).toBe('listOutgoingLinks');
    expect(operationName('POST', links, { collection: true })).toBe('createOutgoingLink');
    const item = [...links, { param: 'id' }];
    expect(operationName('GET', item, { collection: false })).toBe('getOutgoingLink');
    expect(operationName('PUT', item, { collection: false })).toBe('replaceOutgoingLink');
    expect(operationName('DELETE', item, { collection: false })).toBe('deleteOutgoingLink');
    const nested = [{ text: 'users' }, { param: 'user_id' }, { text: 'application-passwords' }];
    expect(operationName('GET', nested, { collection: true })).toBe('listUserApplicationPasswords');
    expect(operationName('GET', [], { collection: false })).toBe('getIndex');
  });

  it('make words singular the plain English way', () => {
    expect(['categories', 'statuses', 'boxes', 'status', 'media', 'links'].map(singular)).toEqual([
      'category',
      'status',
      'box',
      'status',
      'media',
      'link',
    ]);
  });

  it('stay unique in a document: the namespace first, then a number', () => {
    const ids = new OperationIds();
    expect(ids.take('GET', '', [], { collection: false })).toBe('getIndex');
    expect(ids.take('GET', 'tel/v1', [], { collection: false })).toBe('getTelV1Index');
    expect(ids.take('GET', 'tel/v1', [], { collection: false })).toBe('getTelV1Index2');
  });
});
