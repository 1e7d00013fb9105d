/** Vite's `?raw` imports, as the tests use them (the text of a file). */
declare module '*?raw' {
  const text: string;
  export default text;
}
