/** Vite's `?raw` imports, as the tests use them (the text of a file). */
declare module '*?raw' {
  const text: string;
  export default text;
}

/** Vite's `import.meta.glob` of files' text, as errors-from-tables.test reads the packages' sources. */
interface ImportMeta {
  glob(pattern: string | string[], options: { query: '?raw'; import: 'default'; eager: true }): Record<string, string>;
}
