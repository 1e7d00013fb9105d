/**
 * The example site in the `wp` profile, without sample content, with `@wordpress/api-fetch`
 * pointed at it and signed in as the administrator (an application password in Basic).
 */
import apiFetch from '@wordpress/api-fetch';
import { ADMIN_PASSWORD, type RunningSite, startSite } from './start-site.js';

/** Starts the site and sets up api-fetch's root URL and credentials for it. */
export async function startApiFetchSite(): Promise<RunningSite> {
  const running = await startSite({ CMS_PREFIX: 'wp', CMS_SAMPLE_LINKS: '0', CMS_SAMPLE_CONTENT: '0' });
  apiFetch.use(apiFetch.createRootURLMiddleware(`${running.url}/wp-json/`));
  const authorization = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;
  apiFetch.use((options, next) => next({ ...options, headers: { ...options.headers, authorization } }));
  return running;
}
