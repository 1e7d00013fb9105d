/**
 * PostgreSQL write-ahead-log positions (LSNs) as text (`'0/3000148'`, what
 * `pg_current_wal_lsn()::text` answers): strictly parsed, because they arrive from clients
 * (a read-after cookie or header), and compared as the 64-bit numbers they are.
 *
 * @module
 */

/** Two hexadecimal halves of at most 32 bits each, as PostgreSQL prints an LSN. */
const WAL_POSITION = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/;

/**
 * The position `text` names, normalized (upper case, no leading zeros), or `undefined` when
 * it is not exactly an LSN (`X/Y`, each half 1 to 8 hexadecimal digits). Anything else
 * (spaces, signs, longer halves, an empty string) is refused, never guessed at.
 *
 * @example
 * parseWalPosition('0/3000148'); // '0/3000148'
 * parseWalPosition('0/30001g8'); // undefined
 */
export function parseWalPosition(text: string): string | undefined {
  const match = WAL_POSITION.exec(text);
  if (match === null) return undefined;
  const [, high = '', low = ''] = match;
  return `${Number.parseInt(high, 16).toString(16).toUpperCase()}/${Number.parseInt(low, 16).toString(16).toUpperCase()}`;
}

/**
 * The position as one number (bytes since the start of the log), for comparisons and lag in
 * bytes. `text` must be a position {@link parseWalPosition} accepts.
 *
 * @throws Error when `text` is not a position.
 * @example
 * walPositionBytes('1/0'); // 4294967296n
 */
export function walPositionBytes(text: string): bigint {
  const match = WAL_POSITION.exec(text);
  if (match === null) throw new Error(`Not a WAL position: "${text.slice(0, 40)}".`);
  const [, high = '', low = ''] = match;
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * Orders two positions: `-1` when `a` comes before `b`, `0` when equal, `1` after.
 *
 * @throws Error when either is not a position.
 * @example
 * compareWalPositions('0/FF', '1/0'); // -1
 */
export function compareWalPositions(a: string, b: string): -1 | 0 | 1 {
  const x = walPositionBytes(a);
  const y = walPositionBytes(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
