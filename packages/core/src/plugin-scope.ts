/**
 * Which plugin is registering: the server runs each plugin of `server.use` within a scope
 * named for it, so that a registration mistake found at start-up names the plugin that made
 * it. A plugin is a function: its name is the function's (`function booksPlugin(server)`,
 * or the `const` it was assigned to); a plugin factory that returns an anonymous arrow
 * function gives no name.
 *
 * @module
 */

/** Who made a registration: the name of the plugin that ran it, or `undefined` outside any plugin. */
export type Registrant = string | undefined;

/** A plugin, as far as its name goes: a function of any parameters. */
export type PluginFunction = (...args: never[]) => unknown;

/** The name given to a plugin whose function has none. */
export const ANONYMOUS_PLUGIN = 'an anonymous plugin (name the function the plugin factory returns to see its name here)';

/**
 * The name of a plugin: its function's name.
 *
 * @example
 * ```ts
 * pluginName(function booksPlugin() {}); // 'booksPlugin'
 * pluginName(() => undefined);           // 'an anonymous plugin (…)'
 * ```
 */
export function pluginName(plugin: PluginFunction): string {
  return plugin.name !== '' ? plugin.name : ANONYMOUS_PLUGIN;
}

/**
 * How a registrant is named in a message: `plugin booksPlugin`, or the code that ran
 * outside `server.use`.
 *
 * @example
 * ```ts
 * describeRegistrant('booksPlugin'); // 'plugin booksPlugin'
 * describeRegistrant(undefined);     // 'the server setup (outside server.use)'
 * ```
 */
export function describeRegistrant(registrant: Registrant): string {
  if (registrant === undefined) return 'the server setup (outside server.use)';
  return registrant === ANONYMOUS_PLUGIN ? registrant : `plugin ${registrant}`;
}

/**
 * The plugins running on one server, innermost last (a plugin may use another). Plugins are
 * meant to be used one after another (`await server.use(a); await server.use(b)`): two run
 * at once would be told apart only by chance.
 */
export class PluginScope {
  readonly #running: Registrant[] = [];

  /** The plugin registering now, if any. */
  get current(): Registrant {
    return this.#running.at(-1);
  }

  /**
   * Runs a plugin within its scope.
   *
   * @example
   * ```ts
   * await scope.run(plugin, () => plugin(server));
   * ```
   */
  async run(plugin: PluginFunction, body: () => void | Promise<void>): Promise<void> {
    this.#running.push(pluginName(plugin));
    try {
      await body();
    } finally {
      this.#running.pop();
    }
  }

  /**
   * Runs synchronous registration work as a registrant's: the server registers a declared
   * type's routes, when it builds them, as the routes of the plugin that declared the type.
   *
   * @example
   * ```ts
   * scope.within('booksPlugin', () => server.register('cms/v2', ...routes));
   * ```
   */
  within<T>(registrant: Registrant, body: () => T): T {
    this.#running.push(registrant);
    try {
      return body();
    } finally {
      this.#running.pop();
    }
  }
}
