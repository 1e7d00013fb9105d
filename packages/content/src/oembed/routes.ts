/**
 * The `oembed/1.0` namespace, as WordPress 6.1's oEmbed controller: `/embed?url=` answers the
 * oEmbed data of a published record of the site (JSON, or XML with `format=xml`), 404
 * `oembed_invalid_url` otherwise; `/proxy?url=` (for those who may `edit_posts`) answers the
 * same for the site's own URLs and fetches other sites' oEmbed data through discovery.
 *
 * @module
 */
import { defineRoute, denied, READABLE, RestError, type RestRequest, type Route, response } from '@cms-json/core';
import { z } from 'zod';
import { contentError } from '../errors.js';
import { userCan } from '../permissions.js';
import { discoverOembedEndpoint, type OembedFetcher } from './remote-fetch.js';
import { absint, DEFAULT_EMBED_WIDTH, type EmbedSource, escapeAttribute, oembedData } from './response-data.js';
import { oembedXml } from './xml.js';

/** The oEmbed namespace. */
export const OEMBED_NAMESPACE = 'oembed/1.0';

/**
 * What the routes need.
 *
 * @example
 * oembedRoutes({ localEmbed: localEmbeds(…), fetch: defaultOembedFetcher() });
 */
export interface OembedRoutesOptions {
  /** The embed of a URL of the site, `undefined` when it is not a record anyone may view. */
  readonly localEmbed: (request: RestRequest, url: string) => Promise<EmbedSource | undefined>;
  /** How the proxy fetches other sites. */
  readonly fetch: OembedFetcher;
}

const urlArg = z.string().meta({ description: 'The URL of the resource for which to fetch oEmbed data.', format: 'uri' });

/** Runs `answer`; with `format=xml`, sends its data (or its error) as the original's XML. */
async function answerIn(format: string, answer: () => Promise<Record<string, unknown>>) {
  if (format !== 'xml') return response(await answer(), { raw: true });
  let data: Record<string, unknown>;
  let status = 200;
  try {
    data = await answer();
  } catch (error) {
    if (!(error instanceof RestError)) throw error;
    data = { ...error.toBody() };
    status = error.status;
  }
  return response(data, {
    raw: true,
    status,
    served: oembedXml(data),
    headers: { 'Content-Type': 'text/xml; charset=UTF-8' },
  });
}

/** The HTML of remote oEmbed data, as `WP_oEmbed::data2html`: a photo's image, or the data's own html. */
function remoteHtml(data: Record<string, unknown>, url: string): string | false {
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
  if (data.type === 'photo') {
    const src = text(data.url);
    if (src === undefined) return false;
    const title = escapeAttribute(text(data.title) ?? '');
    const image = `<img src="${escapeAttribute(src)}" alt="${title}" width="${absint(data.width)}" height="${absint(data.height)}" />`;
    return `<a href="${escapeAttribute(url)}">${image}</a>`;
  }
  if ((data.type === 'video' || data.type === 'rich') && typeof data.html === 'string') return data.html;
  return false;
}

/**
 * The `/embed` and `/proxy` routes of `oembed/1.0`.
 *
 * @example
 * server.register(OEMBED_NAMESPACE, ...oembedRoutes({ localEmbed, fetch: defaultOembedFetcher() }));
 */
export function oembedRoutes(options: OembedRoutesOptions): Route[] {
  const { localEmbed, fetch } = options;

  const embed = defineRoute({
    path: '/embed',
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: {
          url: urlArg,
          // As the original: no type; anything but `xml` is JSON, and the width is `absint`-ed.
          format: z.unknown().default('json'),
          maxwidth: z.unknown().default(DEFAULT_EMBED_WIDTH),
        },
        permission: 'public',
        handler: ({ url, format, maxwidth }, request) =>
          answerIn(format === 'xml' ? 'xml' : 'json', async () => {
            const source = await localEmbed(request, url);
            if (source === undefined) throw contentError('oembed_invalid_url');
            return { ...oembedData(source, absint(maxwidth)) };
          }),
      }),
    ],
  });

  const proxy = defineRoute({
    path: '/proxy',
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: {
          url: urlArg,
          format: z.enum(['json', 'xml']).default('json').meta({ description: 'The oEmbed format to use.' }),
          maxwidth: z
            .number()
            .int()
            .default(DEFAULT_EMBED_WIDTH)
            .meta({ description: 'The maximum width of the embed frame in pixels.' }),
          maxheight: z.number().int().optional().meta({ description: 'The maximum height of the embed frame in pixels.' }),
          discover: z
            .boolean()
            .default(true)
            .meta({ description: 'Whether to perform an oEmbed discovery request for unsanctioned providers.' }),
        },
        permission: (request) => userCan(request, 'edit_posts') || denied(request, contentError('rest_forbidden.oembed_proxy')),
        handler: async ({ url, maxwidth, maxheight, discover }, request) => {
          const width = Math.abs(maxwidth);
          // The site's own URLs are answered here, without a request.
          const source = await localEmbed(request, url);
          if (source !== undefined) return response({ ...oembedData(source, width) }, { raw: true });
          if (!discover) throw contentError('oembed_invalid_url.no_provider', { params: { url } });
          const data = await remoteData(fetch, url, { width, height: maxheight === undefined ? undefined : Math.abs(maxheight) });
          return response({ ...data, html: remoteHtml(data, url) }, { raw: true });
        },
      }),
    ],
  });

  return [embed, proxy];
}

/** Fetches a page, discovers its JSON oEmbed endpoint and fetches the data; a clear 404 when it cannot. */
async function remoteData(
  fetch: OembedFetcher,
  url: string,
  size: { width: number; height: number | undefined },
): Promise<Record<string, unknown>> {
  const reach = async (target: string) => {
    try {
      return await fetch(target);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw contentError('oembed_invalid_url.unreachable', { params: { target, reason } });
    }
  };
  const page = await reach(url);
  if (page.status < 200 || page.status >= 300) {
    throw contentError('oembed_invalid_url.http_status', { params: { url, status: page.status } });
  }
  const endpoint = discoverOembedEndpoint(page.body, url);
  if (endpoint === undefined) throw contentError('oembed_invalid_url.no_endpoint', { params: { url } });
  const withSize = new URL(endpoint);
  withSize.searchParams.set('maxwidth', String(size.width));
  if (size.height !== undefined) withSize.searchParams.set('maxheight', String(size.height));
  const answer = await reach(withSize.toString());
  let data: unknown;
  try {
    data = JSON.parse(answer.body);
  } catch {
    data = undefined;
  }
  if (answer.status < 200 || answer.status >= 300 || typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw contentError('oembed_invalid_url.no_data', { params: { url } });
  }
  const record = data as Record<string, unknown>;
  if (typeof record.type !== 'string' || typeof record.version !== 'string') {
    throw contentError('oembed_invalid_url.no_data', { params: { url } });
  }
  return record;
}
