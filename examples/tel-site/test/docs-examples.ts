/**
 * The runnable examples of the Markdown docs: fenced blocks preceded by a comment line
 * `<!-- example: <names…> file: <path> -->`, gathered per example name into the files to write.
 *
 * @module
 */

/** An example's files, by path (relative to the project folder). */
export type ExampleFiles = Map<string, string>;

const MARKER = /^<!-- example: ([a-z0-9 -]+?) file: (\S+) -->$/;

/**
 * The examples of the given Markdown texts, by name. A block tagged with several names belongs
 * to each; the same file of one example twice is an error (two blocks claim it).
 *
 * @throws Error when a marker is not followed by a fenced block, or two blocks give one file.
 * @example
 * const examples = markdownExamples([readFileSync('docs/adapters.md', 'utf8')]);
 * examples.get('bun')?.get('server.ts');
 */
export function markdownExamples(documents: readonly string[]): Map<string, ExampleFiles> {
  const examples = new Map<string, ExampleFiles>();
  for (const document of documents) {
    const lines = document.split('\n');
    for (const [index, line] of lines.entries()) {
      const marker = MARKER.exec(line.trim());
      if (marker === null) continue;
      const [, names = '', path = ''] = marker;
      const fence = lines[index + 1] ?? '';
      if (!fence.startsWith('```')) throw new Error(`The example marker "${line.trim()}" is not followed by a fenced block.`);
      const end = lines.findIndex((candidate, at) => at > index + 1 && candidate.startsWith('```'));
      if (end === -1) throw new Error(`The block after "${line.trim()}" is not closed.`);
      const text = `${lines.slice(index + 2, end).join('\n')}\n`;
      for (const name of names.split(' ').filter((part) => part !== '')) {
        const files = examples.get(name) ?? new Map<string, string>();
        if (files.has(path)) throw new Error(`Two blocks give ${path} of the example "${name}".`);
        files.set(path, text);
        examples.set(name, files);
      }
    }
  }
  return examples;
}
