/**
 * A search string read as WordPress's `WP_Query` reads it: split into terms (words, and
 * "quoted phrases"), single letters and stop words dropped, a leading `-` excluding a term;
 * a string of only such terms, or of ten or more, is searched as one sentence.
 *
 * @module
 */

/** One term of a search: the text to look for, and whether records holding it are left out. */
export interface SearchTerm {
  readonly text: string;
  readonly exclude: boolean;
}

/** A parsed search: its terms, and the whole string (for ordering by relevance). */
export interface ParsedSearch {
  readonly terms: readonly SearchTerm[];
  /** The whole search string, or undefined when it holds an excluded term (no sentence match then). */
  readonly sentence: string | undefined;
  /** How many terms the string had before stop words were dropped. */
  readonly count: number;
}

/** WordPress's English stop words (`wp_get_search_stopwords`). */
const STOP_WORDS = new Set(
  'about,an,are,as,at,be,by,com,for,from,how,in,is,it,of,on,or,that,the,this,to,was,what,when,where,who,will,with,www'.split(','),
);

const TERM = /".*?("|$)|((?<=[\t ",+])|^)[^\t ",+]+/g;

/**
 * Parses a search string.
 *
 * @example
 * parseSearch('soup -pasta').terms; // [{ text: 'soup', exclude: false }, { text: 'pasta', exclude: true }]
 */
export function parseSearch(search: string): ParsedSearch {
  const text = search.replace(/\\/g, '');
  const raw = text.match(TERM) ?? [];
  const terms: SearchTerm[] = [];
  for (const match of raw) {
    let term = /^".+"$/.test(match) ? match.replace(/^["']+|["']+$/g, '') : match.replace(/^["' ]+|["' ]+$/g, '');
    if (term === '' || (term.length === 1 && /^[a-z-]$/i.test(term))) continue;
    if (STOP_WORDS.has(term.toLowerCase())) continue;
    const exclude = term.startsWith('-') && term.length > 1;
    if (exclude) term = term.slice(1);
    terms.push({ text: term, exclude });
  }
  const sentence = /(?:\s|^)-/.test(text) ? undefined : text;
  if (terms.length === 0 || terms.length > 9) return { terms: [{ text, exclude: false }], sentence, count: raw.length };
  return { terms, sentence, count: raw.length };
}
