/**
 * `core/calendar` rendered on the server as WordPress 6.1's `render_block_core_calendar`
 * (`get_calendar`): this month's table, its days with published posts linked, today marked,
 * and links to the nearest months with posts. Read from the site's published posts through
 * the REST API as the caller.
 *
 * @module
 */
import { localDate as siteLocalDate } from '@cms-json/content';
import type { BlockRenderContext, BlockRenderInput } from '../block-type.js';
import { escAttr, escUrl, readAll, wrapperAttributes } from './html.js';
import { localDate, monthName, phpDate } from './php-date.js';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const pad2 = (value: number) => String(value).padStart(2, '0');
/** `calendar_week_mod`: a weekday offset in 0–6. */
const weekMod = (value: number) => ((value % 7) + 7) % 7;
/** The weekday (0 Sunday) of a date. */
const weekday = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).getUTCDay();

/** The month (`{year, month}`) of the newest published post before, or the oldest after, a local date. */
async function neighbour(
  context: BlockRenderContext,
  side: 'before' | 'after',
  bound: string,
): Promise<{ year: number; month: number } | undefined> {
  const res = await context.get(`/${context.namespace}/posts`, {
    [side]: bound,
    per_page: 1,
    orderby: 'date',
    order: side === 'before' ? 'desc' : 'asc',
    _fields: 'date',
  });
  const first = Array.isArray(res.body) ? (res.body[0] as { date?: unknown } | undefined) : undefined;
  if (res.status !== 200 || typeof first?.date !== 'string') return undefined;
  const date = localDate(first.date);
  return { year: date.year, month: date.month };
}

/**
 * Renders `core/calendar` (`month` and `year` shown only with a permalink structure holding
 * `%year%` and `%monthnum%`, as the original; else the current month).
 *
 * @example
 * await renderCalendar({ attributes: {}, sent: {}, postId: undefined }, context);
 * // '<div class="wp-block-calendar"><table id="wp-calendar" class="wp-calendar-table">\n\t<caption>November 2026</caption>…'
 */
export async function renderCalendar(input: BlockRenderInput, context: BlockRenderContext): Promise<string> {
  const { attributes, sent } = input;
  const [structure, dateFormat, timezone, startOfWeek] = await Promise.all([
    context.option('permalink_structure'),
    context.option('date_format'),
    context.option('timezone'),
    context.option('start_of_week'),
  ]);
  const today = localDate(siteLocalDate(new Date(context.now()), timezone));
  const anyPost = await context.get(`/${context.namespace}/posts`, { per_page: 1, _fields: 'id' });
  if (!Array.isArray(anyPost.body) || anyPost.body.length === 0) {
    return '<div>The calendar block is hidden because there are no published posts.</div>';
  }
  let year = today.year;
  let month = today.month;
  const wanted = Number(attributes.year);
  const wantedMonth = Number(attributes.month);
  if (structure.includes('%monthnum%') && structure.includes('%year%') && wanted > 0 && wantedMonth >= 1 && wantedMonth <= 12) {
    year = wanted;
    month = wantedMonth;
  }
  const site = context.siteUrl;
  const pretty = structure !== '';
  const monthLink = (y: number, m: number) => (pretty ? `${site}/${y}/${pad2(m)}/` : `${site}/?m=${y}${pad2(m)}`);
  const dayLink = (d: number) =>
    pretty ? `${site}/${year}/${pad2(month)}/${pad2(d)}/` : `${site}/?m=${year}${pad2(month)}${pad2(d)}`;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const start = `${year}-${pad2(month)}-01T00:00:00`;
  const end = `${year}-${pad2(month)}-${pad2(lastDay)}T23:59:59`;
  // `after` and `before` are exclusive: the second before the month, the first second after it.
  const dayBefore = new Date(Date.UTC(year, month - 1, 0));
  const justBefore = `${dayBefore.getUTCFullYear()}-${pad2(dayBefore.getUTCMonth() + 1)}-${pad2(dayBefore.getUTCDate())}T23:59:59`;
  const justAfter = `${month === 12 ? year + 1 : year}-${pad2(month === 12 ? 1 : month + 1)}-01T00:00:00`;
  const [posts, previous, next] = await Promise.all([
    readAll(context, `/${context.namespace}/posts`, { after: justBefore, before: justAfter, _fields: 'date' }),
    neighbour(context, 'before', start),
    neighbour(context, 'after', end),
  ]);
  const days = new Set<number>();
  for (const post of posts) if (typeof post.date === 'string') days.add(localDate(post.date).day);

  const week = Array.from({ length: 7 }, (_, index) => WEEKDAYS[(index + startOfWeek) % 7] as string);
  let html = `<table id="wp-calendar" class="wp-calendar-table">\n\t<caption>${monthName(month)} ${year}</caption>\n\t<thead>\n\t<tr>`;
  for (const day of week) html += `\n\t\t<th scope="col" title="${escAttr(day)}">${day.slice(0, 1)}</th>`;
  html += '\n\t</tr>\n\t</thead>\n\t<tbody>\n\t<tr>';
  const leading = weekMod(weekday(year, month, 1) - startOfWeek);
  if (leading !== 0) html += `\n\t\t<td colspan="${leading}" class="pad">&nbsp;</td>`;
  let newRow = false;
  for (let day = 1; day <= lastDay; day++) {
    if (newRow) html += '\n\t</tr>\n\t<tr>\n\t\t';
    newRow = false;
    html += day === today.day && month === today.month && year === today.year ? '<td id="today">' : '<td>';
    if (days.has(day)) {
      const label = phpDate(dateFormat, { year, month, day, hour: 0, minute: 0, second: 0, offsetMinutes: 0 });
      html += `<a href="${escUrl(dayLink(day))}" aria-label="${escAttr(`Posts published on ${label}`)}">${day}</a>`;
    } else {
      html += String(day);
    }
    html += '</td>';
    if (weekMod(weekday(year, month, day) - startOfWeek) === 6) newRow = true;
  }
  const trailing = 7 - weekMod(weekday(year, month, lastDay + 1) - startOfWeek);
  if (trailing !== 0 && trailing !== 7) html += `\n\t\t<td class="pad" colspan="${trailing}">&nbsp;</td>`;
  html += '\n\t</tr>\n\t</tbody>\n\t</table>';
  html += '<nav aria-label="Previous and next months" class="wp-calendar-nav">';
  html +=
    previous === undefined
      ? '\n\t\t<span class="wp-calendar-nav-prev">&nbsp;</span>'
      : `\n\t\t<span class="wp-calendar-nav-prev"><a href="${escUrl(monthLink(previous.year, previous.month))}">&laquo; ${monthName(previous.month).slice(0, 3)}</a></span>`;
  html += '\n\t\t<span class="pad">&nbsp;</span>';
  html +=
    next === undefined
      ? '\n\t\t<span class="wp-calendar-nav-next">&nbsp;</span>'
      : `\n\t\t<span class="wp-calendar-nav-next"><a href="${escUrl(monthLink(next.year, next.month))}">${monthName(next.month).slice(0, 3)} &raquo;</a></span>`;
  html += '\n\t</nav>';
  return `<div ${wrapperAttributes('core/calendar', sent)}>${html}</div>`;
}
