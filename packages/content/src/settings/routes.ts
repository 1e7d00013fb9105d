/**
 * `/settings`: the site's settings as WordPress 6.1 serves them — `GET` reads them, `POST`
 * (`PUT`, `PATCH`) changes the ones sent (`null` puts one back to its default), each cleaned
 * as the original's `sanitize_option` cleans it (`sanitizeOption`), and answers them all; both for those who may `manage_options` (else `rest_forbidden`, 401/403).
 *
 * @module
 */
import { defineRoute, EDITABLE, nullPassesUnchecked, READABLE, type RestRequest, type Route, response } from '@cms-json/core';
import { z } from 'zod';
import { DEFAULT_OPTIONS, type OptionsStore, type SiteOptions } from '../options/options.js';
import { userCan } from '../permissions.js';
import { sanitizeOption } from './sanitize-option.js';
import { isTimeZone, SETTINGS, type Setting } from './settings.js';

/**
 * What the route needs.
 *
 * @example
 * settingsRoutes({ options: new OptionsStore(db), site: { name: 'My site', description: '' } });
 */
export interface SettingsRoutesOptions {
  readonly options: OptionsStore;
  /** The server's own `site` name and description: the title and tagline of a site that never set them. */
  readonly site: { readonly name: string; readonly description: string };
}

/** The JSON schema the original shows for a setting. */
function shown(setting: Setting, withDefault: boolean): Record<string, unknown> {
  return {
    type: setting.type,
    description: setting.description,
    ...(withDefault ? { default: setting.schemaDefault ?? null } : {}),
    ...(setting.enum === undefined ? {} : { enum: [...setting.enum] }),
    ...(setting.format === undefined ? {} : { format: setting.format }),
  };
}

/** The checked value of a setting (the original's type juggling comes first, in core). */
function valueSchema(setting: Setting): z.ZodType {
  let base: z.ZodType;
  if (setting.enum !== undefined) base = z.enum(setting.enum as [string, ...string[]]);
  else if (setting.type === 'integer') base = z.number().int();
  else if (setting.type === 'boolean') base = z.boolean();
  else if (setting.name === 'timezone') {
    // Not in the original (which keeps its value for a name it does not know): dates are
    // computed in it, so it must be known. `''` (no city, the original's offset of 0) is UTC.
    base = z.string().refine((name) => name === '' || isTimeZone(name), 'timezone is not a valid time zone.');
  } else base = z.string();
  return setting.format === undefined ? base : base.meta({ format: setting.format });
}

const SettingsSchema = z
  .object(
    Object.fromEntries(
      SETTINGS.map((setting) => [
        setting.name,
        valueSchema(setting)
          .nullable()
          .meta({ description: setting.description, published: shown(setting, true) }),
      ]),
    ),
  )
  .meta({ title: 'settings' });

const updateArgs = Object.fromEntries(
  SETTINGS.map((setting) => [
    setting.name,
    nullPassesUnchecked(
      valueSchema(setting)
        .optional()
        .meta({ description: setting.description, published: shown(setting, false) }),
    ),
  ]),
);

/**
 * The `/settings` route.
 *
 * @example
 * server.register('cms/v2', settingsRoute({ options, site: { name: 'My site', description: '' } }));
 */
export function settingsRoute(options: SettingsRoutesOptions): Route {
  const { options: store, site } = options;
  const fallback = (request: RestRequest, name: keyof SiteOptions): unknown => {
    if (name === 'title') return site.name;
    if (name === 'description') return site.description;
    if (name === 'url') return request.scope.siteUrl ?? '';
    return DEFAULT_OPTIONS[name];
  };
  const read = async (request: RestRequest) => {
    const [stored, shown] = await Promise.all([
      store.findMany(SETTINGS.map((setting) => setting.name)) as Promise<Partial<SiteOptions>>,
      store.shownTimezone?.(),
    ]);
    const body: Record<string, unknown> = {};
    for (const setting of SETTINGS) {
      // The time zone as the store names it, when it names it otherwise (a WordPress database's `timezone_string`).
      const value = setting.name === 'timezone' && shown !== undefined ? shown.timezoneString : stored[setting.name];
      // As the original's prepare_value: a stored value of the wrong type reads as null.
      body[setting.name] = value === undefined ? fallback(request, setting.name) : ofType(value, setting.type) ? value : null;
    }
    return response(body, { raw: true });
  };
  const mayManage = (request: RestRequest) => userCan(request, 'manage_options');

  return defineRoute({
    path: '/settings',
    schema: SettingsSchema,
    endpoints: (endpoint) => [
      endpoint({ methods: READABLE, args: {}, permission: mayManage, handler: (_args, request) => read(request) }),
      endpoint({
        methods: EDITABLE,
        args: updateArgs,
        permission: mayManage,
        handler: async (args, request) => {
          const values = args as Record<string, unknown>;
          for (const setting of SETTINGS) {
            if (request.sentParam(setting.name) === undefined) continue;
            const value = values[setting.name];
            if (value === null || value === undefined) {
              await store.delete(setting.name);
              continue;
            }
            const sanitized = sanitizeOption(setting.name, value);
            if ('store' in sanitized) await store.set(setting.name, sanitized.store as never);
          }
          return read(request);
        },
      }),
    ],
  });
}

function ofType(value: unknown, type: Setting['type']): boolean {
  if (type === 'integer') return Number.isInteger(value);
  return typeof value === type;
}
