/**
 * What the authoring area's host page hands the browser bundle: the one argument of
 * `window.cmsJsonEditor.start(config)`. It crosses the wire as JSON inside the page, so every
 * field is JSON (no functions, no `undefined` values, no dates).
 *
 * The fields are what WordPress 6.1's `wp-admin/edit-form-blocks.php` prints into its page
 * before calling `wp.editPost.initializeEditor`.
 */

/** A JSON value, as `JSON.parse` gives it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/**
 * One block type as the server describes it to the editor: WordPress's
 * `get_block_editor_server_block_settings()` entry (`title`, `category`, `attributes`,
 * `supports`, `usesContext`, `providesContext`, …; the camel-cased `block.json` fields).
 */
export type ServerBlockDefinition = JsonObject;

/** One block category, as `get_block_categories()` lists it (`setCategories` takes the list). */
export interface BlockCategory {
  /** The category's slug, as blocks name it in `category`. */
  slug: string;
  /** The title shown in the inserter. */
  title: string;
  /** A dashicon name or `null`. */
  icon: string | null;
}

/**
 * One preloaded answer, as `wp.apiFetch.createPreloadingMiddleware` takes it: the body, and
 * the headers for a request that asks for them (`parse: false`).
 */
export interface PreloadedResponse {
  /** The answer's body. */
  body: JsonValue;
  /** The answer's headers (`X-WP-Total`, `Link`, `Allow`, …). */
  headers: { [name: string]: string };
}

/** The argument of `window.cmsJsonEditor.start`: everything the browser needs to open the block editor. */
export interface EditorBootConfig {
  /** The id of the element the editor renders into (WordPress: `editor`). */
  elementId: string;
  /** The post type being edited (`post`, `page`, `wp_block`, a plugin's type). */
  postType: string;
  /** The id of the post being edited (an auto-draft for a new one). */
  postId: number;
  /**
   * The signed-in user's id: WordPress hands it to the preferences' persistence layer, which
   * keeps an offline copy under `WP_PREFERENCES_USER_<id>` in local storage.
   */
  userId: number;
  /** The REST API's root URL, ending in `/` (WordPress: `rest_url()`), for api-fetch's root URL middleware. */
  restRootUrl: string;
  /** The REST nonce (`X-WP-Nonce`) of the signed-in user's session. */
  nonce: string;
  /**
   * Where a new nonce is fetched when the one in use has expired (WordPress:
   * `admin-ajax.php?action=rest-nonce`, answering the nonce as plain text).
   */
  nonceRefreshUrl: string;
  /** The block editor settings, as WordPress's `get_block_editor_settings()` gives them. */
  settings: JsonObject;
  /** The server's block types, keyed by block name (`core/paragraph`, …). */
  blockDefinitions: { [blockName: string]: ServerBlockDefinition };
  /** The block categories, in inserter order. */
  blockCategories: BlockCategory[];
  /** The user's `persisted_preferences` meta value, or `null` when the user has none yet. */
  preferences: JsonObject | null;
  /**
   * The date settings, as WordPress passes them to `wp.date.setSettings` (`l10n` with months,
   * weekdays, `startOfWeek`; `formats` with `time`, `date`, `datetime`, `datetimeAbbreviated` in
   * PHP's date syntax; `timezone` with `offset`, `string`, `abbr`). Without them the editor shows
   * dates in English, in UTC.
   */
  dateSettings?: DateSettings;
  /** Edits applied to a new post on open (WordPress: `title`, `content`, `excerpt` from the query). */
  initialEdits?: JsonObject;
  /**
   * The names the API answers under: its content namespace, header prefix and relations. The
   * editor's code asks for WordPress's (`/wp/v2/…`, `X-WP-Total`, `wp:action-publish`); when
   * these differ (the `cms` profile), the bundle translates between the two on every request
   * and answer (`client/profile-translation.ts`). Absent: the API answers under WordPress's names.
   */
  names?: ApiNames;
  /**
   * Answers to requests the editor makes on open, as WordPress's `rest_preload_api_request`
   * gathers them: GET answers keyed by path (`/wp/v2/types?context=edit`), and under the key
   * `OPTIONS` the answers to OPTIONS requests, keyed by path.
   */
  preload?: PreloadedData;
}

/**
 * The names of a server's API that the editor's code knows by WordPress's: what differs
 * between the `wp` and the `cms` profile on the wire (DESIGN.md §2).
 */
export interface ApiNames {
  /** The content namespace: `cms/v2` (WordPress: `wp/v2`). */
  namespace: string;
  /** The prefix of the API's own headers: `X-CMS-` (WordPress: `X-WP-`), as in `X-CMS-Total` and `X-CMS-Nonce`. */
  headerPrefix: string;
  /** The CURIE name of the API's relations: `cms`, as in `cms:action-publish` (WordPress: `wp`). */
  curieName: string;
  /** The relation namespace the CURIE stands for, ending in `/`: `https://api.cms-json.org/` (WordPress: `https://api.w.org/`). */
  curieBase: string;
}

/** WordPress's names: the ones the editor's code uses. */
export const WORDPRESS_API_NAMES: Readonly<ApiNames> = {
  namespace: 'wp/v2',
  headerPrefix: 'X-WP-',
  curieName: 'wp',
  curieBase: 'https://api.w.org/',
};

/** The preloaded answers: GET answers by path, OPTIONS answers by path under `OPTIONS`. */
export interface PreloadedData {
  [path: string]: PreloadedResponse | { [path: string]: PreloadedResponse } | undefined;
  /** The answers to OPTIONS requests, keyed by path. */
  OPTIONS?: { [path: string]: PreloadedResponse };
}

/**
 * The date settings WordPress passes to `wp.date.setSettings` (script-loader's inline script):
 * the user's locale's names, the site's formats (PHP date syntax) and time zone.
 */
export interface DateSettings {
  /** The locale's names and the first day of the week. */
  l10n: {
    /** The user's locale (`en_US`). */
    locale: string;
    months: string[];
    monthsShort: string[];
    weekdays: string[];
    weekdaysShort: string[];
    meridiem: { am: string; pm: string; AM: string; PM: string };
    /** `%s from now` and `%s ago`. */
    relative: { future: string; past: string };
    /** The `start_of_week` option, 0 (Sunday) to 6. */
    startOfWeek: number;
  };
  /** The site's `time_format` and `date_format`, and the date-time formats. */
  formats: { time: string; date: string; datetime: string; datetimeAbbreviated: string };
  /** The site's `gmt_offset` (hours, a number) and `timezone_string`, and the zone's abbreviation. */
  timezone: { offset: number; string: string; abbr: string };
}
