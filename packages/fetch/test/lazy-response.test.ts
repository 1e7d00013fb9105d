import type { HttpResponse } from '@cms-json/core';
import { describe, expect, it } from 'vitest';
import { answerOf, lazyResponse, toResponse } from '../src/index.js';

const answer = (): HttpResponse => ({
  status: 201,
  headers: { 'Content-Type': 'application/json; charset=UTF-8', Link: ['<a>; rel="a"', '<b>; rel="b"'] },
  body: '{"id":1}',
});

describe('lazyResponse', () => {
  it('is a Response whose status is read without building one, and gives its answer back while untouched', () => {
    const original = answer();
    const response = lazyResponse(original);
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(answerOf(response)).toBe(original);
  });

  it('reads as the Response toResponse builds, and then no longer gives its answer back', async () => {
    const response = lazyResponse(answer());
    const built = toResponse(answer());
    expect([...response.headers]).toEqual([...built.headers]);
    expect(answerOf(response)).toBeUndefined();
    expect(response.statusText).toBe(built.statusText);
    expect(response.clone().status).toBe(201);
    expect(await response.json()).toEqual({ id: 1 });
    expect(response.bodyUsed).toBe(true);
  });

  it('answers nothing for a Response it did not make', () => {
    expect(answerOf(new Response('x'))).toBeUndefined();
  });
});
