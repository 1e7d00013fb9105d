/**
 * `core/archives` rendered on the server as WordPress 6.1's `render_block_core_archives`
 * (`wp_get_archives`): the months (or years, or days) with published posts, newest first,
 * as a list or a dropdown, with their post counts when asked. Read from the site's published
 * posts through the REST API as the caller.
 *
 * @module
 */
import type { BlockRenderContext, BlockRenderInput } from '../block-type.js';
import { blockError } from '../errors.js';
import { escHtml, escUrl, readAll, wrapperAttributes } from './html.js';
import { localDate, monthName, phpDate } from './php-date.js';

/** One archive period: its link, its text and how many posts it holds. */
interface Period {
  readonly url: string;
  readonly text: string;
  count: number;
}

const LABELS: Readonly<Record<string, string>> = {
  yearly: 'Select Year',
  monthly: 'Select Month',
  daily: 'Select Day',
  weekly: 'Select Week',
};

/** The periods of the site's published posts, newest first (`wp_get_archives`' query). */
async function periods(type: string, context: BlockRenderContext): Promise<Period[]> {
  const [posts, structure, dateFormat] = await Promise.all([
    readAll(context, `/${context.namespace}/posts`, { _fields: 'date,date_gmt', orderby: 'date', order: 'desc' }),
    context.option('permalink_structure'),
    context.option('date_format'),
  ]);
  const site = context.siteUrl;
  const pretty = structure !== '';
  const found = new Map<string, Period>();
  for (const post of posts) {
    if (typeof post.date !== 'string') continue;
    const date = localDate(post.date, typeof post.date_gmt === 'string' ? post.date_gmt : null);
    const y = String(date.year);
    const m = String(date.month).padStart(2, '0');
    const d = String(date.day).padStart(2, '0');
    let key: string;
    let url: string;
    let text: string;
    if (type === 'yearly') {
      key = y;
      url = pretty ? `${site}/${y}/` : `${site}/?m=${y}`;
      text = y;
    } else if (type === 'daily') {
      key = `${y}${m}${d}`;
      url = pretty ? `${site}/${y}/${m}/${d}/` : `${site}/?m=${y}${m}${d}`;
      text = phpDate(dateFormat, date);
    } else {
      key = `${y}${m}`;
      url = pretty ? `${site}/${y}/${m}/` : `${site}/?m=${y}${m}`;
      text = `${monthName(date.month)} ${date.year}`;
    }
    const period = found.get(key);
    if (period === undefined) found.set(key, { url, text, count: 1 });
    else period.count++;
  }
  return [...found.values()];
}

/**
 * Renders `core/archives` (`displayAsDropdown`, `showLabel`, `showPostCounts`, `type`:
 * `monthly`, `yearly` or `daily`; `weekly` archives are not rendered here: 501).
 *
 * @example
 * await renderArchives({ attributes: { type: 'monthly', showPostCounts: true }, sent: {}, postId: undefined }, context);
 * // '<ul class=" wp-block-archives-list wp-block-archives">\t<li><a href=\'…/2026/11/\'>November 2026</a>&nbsp;(5)</li>\n</ul>'
 */
export async function renderArchives(input: BlockRenderInput, context: BlockRenderContext): Promise<string> {
  const { attributes, sent } = input;
  const showCount = attributes.showPostCounts === true;
  const type = typeof attributes.type === 'string' ? attributes.type : 'monthly';
  if (!['monthly', 'yearly', 'daily'].includes(type)) {
    throw blockError('block_render_unavailable', { params: { name: `core/archives of type ${type}` } });
  }
  const list = await periods(type, context);
  if (attributes.displayAsDropdown === true) {
    const id = context.uniqueId('wp-block-archives-');
    const options = list
      .map((period) => {
        const after = showCount ? `&nbsp;(${period.count})` : '';
        return `\t<option value='${escUrl(period.url)}'> ${period.text} ${after}</option>\n`;
      })
      .join('');
    const label = LABELS[type] ?? 'Select Post';
    const screenReader = attributes.showLabel === true ? '' : ' screen-reader-text';
    const content = `<label for="${id}" class="wp-block-archives__label${screenReader}">${escHtml('Archives')}</label>
\t\t<select id="${id}" name="archive-dropdown" onchange="document.location.href=this.options[this.selectedIndex].value;">
\t\t<option value="">${escHtml(label)}</option>${options}</select>`;
    return `<div ${wrapperAttributes('core/archives', sent, { class: ' wp-block-archives-dropdown' })}>${content}</div>`;
  }
  const wrapper = wrapperAttributes('core/archives', sent, { class: ' wp-block-archives-list' });
  if (list.length === 0) return `<div ${wrapper}>No archives to show.</div>`;
  const items = list
    .map((period) => {
      const after = showCount ? `&nbsp;(${period.count})` : '';
      return `\t<li><a href='${escUrl(period.url)}'>${period.text}</a>${after}</li>\n`;
    })
    .join('');
  return `<ul ${wrapper}>${items}</ul>`;
}
