import { createConformanceServer, listen, type TestHost } from '@cms-json/adapter-conformance';
import express, { type ErrorRequestHandler } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createMiddleware } from '../src/index.js';

const EDITOR = { 'x-test-user': 'editor' };
let host: TestHost | undefined;

afterEach(async () => {
  await host?.close();
  host = undefined;
});

describe('createMiddleware', () => {
  it.each([
    ['express.json()', express.json(), 'application/json', JSON.stringify({ title: 'Grüße json', body: 'b' })],
    [
      'express.urlencoded()',
      express.urlencoded({ extended: false }),
      'application/x-www-form-urlencoded',
      'title=Gr%C3%BC%C3%9Fe+json&body=b',
    ],
    ['express.text()', express.text({ type: '*/json' }), 'application/json', JSON.stringify({ title: 'Grüße json', body: 'b' })],
    ['express.raw()', express.raw({ type: '*/json' }), 'application/json', JSON.stringify({ title: 'Grüße json', body: 'b' })],
  ])('uses the body %s already read', async (_name, parser, type, body) => {
    const app = express();
    app.use(parser);
    app.use('/api', createMiddleware(createConformanceServer().server));
    host = await listen(app);
    const res = await fetch(`${host.origin}/api/cms-json/demo/v1/notes`, {
      method: 'POST',
      headers: { 'content-type': type, ...EDITOR },
      body,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ title: 'Grüße json', body: 'b' });
  });

  it('hands an upload express.raw() already read to the endpoint that streams its body', async () => {
    const app = express();
    app.use(express.raw({ type: 'image/*' }));
    app.use('/api', createMiddleware(createConformanceServer().server));
    host = await listen(app);
    const res = await fetch(`${host.origin}/api/cms-json/demo/v1/uploads`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', ...EDITOR },
      body: new Uint8Array(3000).fill(0x62),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ bytes: 3000, contentType: 'image/png' });
  });

  it('builds links on the mount path of nested routers', async () => {
    const app = express();
    const router = express.Router();
    router.use('/v2', createMiddleware(createConformanceServer().server));
    app.use('/api', router);
    host = await listen(app);
    const res = await fetch(`${host.origin}/api/v2/cms-json/demo/v1/notes/5`);
    expect(res.status).toBe(200);
    const note = (await res.json()) as { _links: { self: { href: string }[] } };
    expect(note._links.self[0]?.href).toBe(`${host.origin}/api/v2/cms-json/demo/v1/notes/5`);
  });

  it('honours trust proxy for the link base', async () => {
    const app = express();
    app.set('trust proxy', true);
    app.use('/api', createMiddleware(createConformanceServer().server));
    host = await listen(app);
    const res = await fetch(`${host.origin}/api/cms-json/demo/v1/notes/5`, {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'example.org' },
    });
    const note = (await res.json()) as { _links: { self: { href: string }[] } };
    expect(note._links.self[0]?.href).toBe('https://example.org/api/cms-json/demo/v1/notes/5');
  });

  it('calls next() for paths it does not serve', async () => {
    const app = express();
    app.use('/api', createMiddleware(createConformanceServer().server));
    app.get('/api/status', (_req, res) => {
      res.json({ up: true });
    });
    host = await listen(app);
    const res = await fetch(`${host.origin}/api/status`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ up: true });
  });

  it('passes its own failures to next(error) and keeps multi-valued headers next to Express ones', async () => {
    const app = express();
    const errors: unknown[] = [];
    app.use(createMiddleware(createConformanceServer().server));
    const onError: ErrorRequestHandler = (error, _req, res, _next) => {
      errors.push(error);
      res.status(503).send('handled by the app');
    };
    app.use(onError);
    host = await listen(app);
    const broken = await fetch(`${host.origin}/bad-header`);
    expect(broken.status).toBe(503);
    expect(await broken.text()).toBe('handled by the app');
    expect(errors).toHaveLength(1);
    const cookies = await fetch(`${host.origin}/cms-json/demo/v1/cookies`);
    expect(cookies.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(cookies.headers.get('x-powered-by')).toBe('Express');
  });
});
