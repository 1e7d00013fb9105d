import { RestRequest } from '@cms-json/core';
import { describe, expect, it } from 'vitest';
import { wantsHtml } from './negotiate.js';

const request = (accept: string | undefined, init: { method?: string; query?: Record<string, string> } = {}) =>
  new RestRequest({
    method: init.method ?? 'GET',
    path: '/',
    query: init.query ?? {},
    headers: accept === undefined ? {} : { accept },
  });

describe('wantsHtml', () => {
  it('is true for a browser navigation: text/html first', () => {
    expect(wantsHtml(request('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'))).toBe(true);
    expect(wantsHtml(request('TEXT/HTML; q=1'))).toBe(true);
  });

  it('is false for API clients, other methods, _jsonp and _envelope', () => {
    expect(wantsHtml(request(undefined))).toBe(false);
    expect(wantsHtml(request('*/*'))).toBe(false);
    expect(wantsHtml(request('application/json, text/html'))).toBe(false);
    expect(wantsHtml(request('text/html', { method: 'POST' }))).toBe(false);
    expect(wantsHtml(request('text/html', { query: { _jsonp: 'cb' } }))).toBe(false);
    expect(wantsHtml(request('text/html', { query: { _envelope: '' } }))).toBe(false);
  });
});
