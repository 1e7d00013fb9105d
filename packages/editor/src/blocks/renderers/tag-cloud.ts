/**
 * `core/tag-cloud` rendered on the server as WordPress 6.1's `render_block_core_tag_cloud`
 * (`wp_tag_cloud`): the most used terms of a taxonomy, by name, each sized between the
 * smallest and the largest font size by the logarithm of its post count. Read from the
 * site's terms through the REST API as the caller.
 *
 * @module
 */
import { taxonomiesOf } from '@cms-json/content';
import type { RestServer } from '@cms-json/core';
import type { BlockRenderContext, BlockRenderer, BlockRenderInput } from '../block-type.js';
import { escAttr, escHtml, escUrl, phpFloat, wrapperAttributes } from './html.js';

/** A term as the cloud reads it. */
interface Term {
  readonly id: number;
  readonly name: string;
  readonly link: string;
  readonly count: number;
}

/** `default_topic_count_scale`: the size weight of a count. */
const scale = (count: number) => Math.round(Math.log10(count + 1) * 100);

/** A number with at least the given width as WordPress's `number_format_i18n` writes it in English. */
const formatCount = (count: number) => count.toLocaleString('en-US');

/**
 * The tag cloud renderer of a server (it finds the taxonomy's REST route and labels in the
 * server's taxonomies): `taxonomy`, `numberOfTags`, `showTagCounts`, `smallestFontSize`,
 * `largestFontSize`.
 *
 * @example
 * const render = tagCloudRenderer(server);
 * await render({ attributes: { taxonomy: 'post_tag', numberOfTags: 45, smallestFontSize: '8pt', largestFontSize: '22pt' }, sent: {}, postId: undefined }, context);
 */
export function tagCloudRenderer(server: RestServer): BlockRenderer {
  return async (input: BlockRenderInput, context: BlockRenderContext): Promise<string> => {
    const { attributes, sent } = input;
    const taxonomyName = typeof attributes.taxonomy === 'string' ? attributes.taxonomy : 'post_tag';
    const smallestText = String(attributes.smallestFontSize ?? '8pt');
    const unit = /^[0-9.]+([a-z%]+)$/i.exec(smallestText)?.[1] ?? 'pt';
    const smallest = Number.parseFloat(smallestText) || 0;
    const largest = Number.parseFloat(String(attributes.largestFontSize ?? '22pt')) || 0;
    const number = Math.max(1, Math.floor(Number(attributes.numberOfTags ?? 45)));
    const taxonomy = taxonomiesOf(server).get(taxonomyName);
    let terms: Term[] = [];
    if (taxonomy?.args.showInRest === true) {
      const res = await context.get(`/${taxonomy.args.restNamespace}/${taxonomy.args.restBase}`, {
        orderby: 'count',
        order: 'desc',
        hide_empty: true,
        per_page: Math.min(number, 100),
        _fields: 'id,name,link,count',
      });
      if (res.status === 200 && Array.isArray(res.body)) {
        terms = (res.body as Record<string, unknown>[]).map((record) => ({
          id: Number(record.id),
          name: String(record.name ?? ''),
          link: String(record.link ?? ''),
          count: Number(record.count ?? 0),
        }));
      }
    }
    const wrapper = wrapperAttributes('core/tag-cloud', sent);
    if (terms.length === 0) {
      const labels = taxonomy?.args.labels;
      const name = (labels?.name ?? (taxonomy?.args.hierarchical === true ? 'Categories' : 'Tags')).toLowerCase();
      const message = `Your site doesn&#8217;t have any ${name}, so there&#8217;s nothing to display here at the moment.`;
      return `<p ${wrapper}>${escHtml(message)}</p>`;
    }
    terms.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
    const weights = terms.map((term) => scale(term.count));
    const min = Math.min(...weights);
    const spread = Math.max(1, Math.max(...weights) - min);
    const step = (largest - smallest) / spread;
    const showCount = attributes.showTagCounts === true;
    const links = terms.map((term, index) => {
      const size = phpFloat(smallest + ((weights[index] ?? min) - min) * step);
      const counted = formatCount(term.count);
      const label = `${term.name} (${counted} ${term.count === 1 ? 'item' : 'items'})`;
      const count = showCount ? `<span class="tag-link-count"> (${counted})</span>` : '';
      return `<a href="${escUrl(term.link)}" class="tag-cloud-link tag-link-${term.id} tag-link-position-${index + 1}" style="font-size: ${size}${unit};" aria-label="${escAttr(label)}">${escHtml(term.name)}${count}</a>`;
    });
    return `<p ${wrapper}>${links.join('\n')}</p>`;
  };
}
