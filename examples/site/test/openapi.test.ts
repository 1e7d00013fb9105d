/**
 * The OpenAPI document of the example site with every plugin loaded (content, tel/v1 and the
 * ratings example), validated against the OpenAPI 3.1 schema in both profiles.
 */

import { testDatabaseUrl } from '@cms-json/database/testing';
import { ratings } from '@cms-json/example-ratings';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { createSite, type Site } from '../src/create-site.js';

const sites: Site[] = [];
afterAll(async () => {
  for (const site of sites) await site.close();
});

async function siteWithEveryPlugin(prefix: 'cms' | 'wp'): Promise<Site> {
  const site = await createSite(
    readConfig({
      DATABASE_URL: await testDatabaseUrl({ sqlite: 'sqlite::memory:' }),
      CMS_PREFIX: prefix,
      CMS_ADMIN_APP_PASSWORD: 'abcdABCD1234efghEFGH5678',
      CMS_SECRET: 'openapi-test-secret-0123456789abcdef',
      CMS_SAMPLE_LINKS: '0',
    }),
  );
  sites.push(site);
  await site.server.use(ratings({ database: site.database as never })); // the site's tables include none of the plugin's
  return site;
}

describe.each(['cms', 'wp'] as const)('the OpenAPI document of the example site (%s profile)', (prefix) => {
  it("validates as OpenAPI 3.1 and lists every plugin's routes, fields and security", async () => {
    const site = await siteWithEveryPlugin(prefix);
    const res = await site.server.handle({ method: 'GET', url: `/${prefix}-json/openapi.json`, headers: {} });
    expect(res?.status).toBe(200);
    const doc = JSON.parse(String(res?.body));
    const result = await new Validator().validate(doc);
    expect(result).toEqual({ valid: true });
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([`/${prefix}/v2/users`, '/tel/v1/outgoing-links/{id}', '/ratings/v1/users/{id}']),
    );
    expect(doc.components.schemas.user.properties.rating).toMatchObject({ type: 'integer', minimum: 0, maximum: 5 });
    expect(doc.components.securitySchemes.nonce.name).toBe(`X-${prefix.toUpperCase()}-Nonce`);
    const namespaced = await site.server.handle({ method: 'GET', url: `/${prefix}-json/tel/v1/openapi.json`, headers: {} });
    const telDoc = JSON.parse(String(namespaced?.body));
    expect(await new Validator().validate(telDoc)).toEqual({ valid: true });
    expect(Object.keys(telDoc.paths)).toEqual(['/tel/v1', '/tel/v1/outgoing-links', '/tel/v1/outgoing-links/{id}']);
  });
});
