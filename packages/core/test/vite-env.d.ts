/**
 * The two Vite features the guard tests use to read files without Node APIs (the core's
 * type-check has no Node types): `?raw` imports and `import.meta.glob`.
 */
declare module '*?raw' {
  const text: string;
  export default text;
}

interface ImportMeta {
  glob(pattern: string | string[], options: { query: '?raw'; import: 'default'; eager: true }): Record<string, string>;
}
