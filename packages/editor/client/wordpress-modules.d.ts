/**
 * Types for what `editor.ts` uses of the `@wordpress/*` packages that ship without types at
 * the versions WordPress 6.1 shipped (their APIs, as their READMEs describe them). A script
 * file (no imports), so that these declare the modules rather than augment them.
 */

declare module '@wordpress/blocks' {
  /** The blocks' registry store. */
  export const store: object;
  /** Sets the block categories of the inserter. */
  export function setCategories(categories: import('../src/boot-config.ts').BlockCategory[]): void;
  /** Keeps the server's definitions of block types; `registerBlockType` merges them in. */
  export function unstable__bootstrapServerSideBlockDefinitions(definitions: {
    [name: string]: import('../src/boot-config.ts').ServerBlockDefinition;
  }): void;
}

declare module '@wordpress/edit-post' {
  /** Renders the post editor into the element with id `id`. */
  export function initializeEditor(
    id: string,
    postType: string,
    postId: number,
    settings: import('../src/boot-config.ts').JsonObject,
    initialEdits: import('../src/boot-config.ts').JsonObject,
  ): void;
}

declare module '@wordpress/preferences-persistence' {
  /** A persistence layer of the preferences store. */
  export interface PersistenceLayer {
    get(): Promise<import('../src/boot-config.ts').JsonObject>;
    set(data: import('../src/boot-config.ts').JsonObject): void;
  }
  /** The persistence layer WordPress 6.1 creates: server data first, then local storage. */
  export function __unstableCreatePersistenceLayer(
    serverData: import('../src/boot-config.ts').JsonObject | null,
    userId: string,
  ): PersistenceLayer;
}

declare module '@wordpress/block-editor';
declare module '@wordpress/block-library';
declare module '@wordpress/components';
declare module '@wordpress/editor';
declare module '@wordpress/format-library';
declare module '@wordpress/interface';
declare module '@wordpress/keyboard-shortcuts';
declare module '@wordpress/notices';
declare module '@wordpress/plugins';
declare module '@wordpress/preferences' {
  /** The preferences store. */
  export const store: object;
}
declare module '@wordpress/reusable-blocks';
declare module '@wordpress/rich-text';
declare module '@wordpress/server-side-render';
declare module '@wordpress/viewport';
