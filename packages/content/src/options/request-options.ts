/**
 * Site options as a request reads them: every option a request (and the requests answered
 * with it, the links of one `_embed`) asks for in one tick is read by one query, and each is
 * read once for the request.
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';
import { optionKey } from '../cache/keys.js';
import { requestBatchPer } from '../request-batch.js';
import { type OptionsStore, optionDefault, type SiteOptions } from './options.js';

const batched = requestBatchPer(async (options: OptionsStore, names: (keyof SiteOptions)[]) => {
  const found = await options.findMany(names);
  return new Map(names.map((name) => [name, found[name] ?? optionDefault(name)]));
});

/**
 * The option's value (its default when never set) as this request sees it: read with the
 * other options asked for in the same tick by it and the requests answered with it.
 *
 * @example
 * const timeZone = await siteOption(context.options, request, 'timezone');
 */
export async function siteOption<K extends keyof SiteOptions>(
  options: OptionsStore,
  request: RestRequest,
  name: K,
): Promise<SiteOptions[K]> {
  if (request.cacheKeys.collecting) request.cacheKeys.add(optionKey(name));
  return (await batched(options, request, name)) as SiteOptions[K];
}
