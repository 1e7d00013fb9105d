/**
 * Replays one request of the suite against cms-json and compares the answer with its
 * fixture. The conformance test and the `report` script both go through here.
 *
 * @module
 */
import { type AcceptedDifference, acceptedFor } from './accepted.js';
import { compareAnswers, type Difference } from './compare.js';
import type { Fixture } from './fixture.js';
import { inScope } from './in-scope.js';
import type { ConformanceRequest } from './request.js';
import { type SavedValues, saveValues, send, type Target } from './send.js';
import { type MarkedAnswer, markAnswer } from './volatile.js';

/** The outcome of one replayed request. */
export interface Replayed {
  /** Every difference, accepted or not. */
  readonly differences: readonly Difference[];
  /** The differences no accepted entry explains (`accepted.ts`, or `wordpress-db-accepted.ts`), in words. */
  readonly unexplained: readonly string[];
  /** The accepted entries that explained a difference. */
  readonly accepted: readonly AcceptedDifference[];
}

const show = (value: unknown) => (value === undefined ? '(none)' : JSON.stringify(value));

/** A difference in words: where, what cms-json sent, what the original sent. */
export function describeDifference(difference: Difference): string {
  if (difference.kind === 'missing') return `${difference.at}: missing, the original has ${show(difference.expected)}`;
  if (difference.kind === 'extra') return `${difference.at}: extra ${show(difference.actual)}, the original has none`;
  return `${difference.at}: ${show(difference.actual)}, the original has ${show(difference.expected)}`;
}

/**
 * Compares cms-json's marked answer with the fixture's (both in scope) and sorts the
 * differences into those a list of accepted differences explains and the others. The replay
 * against the recorded original and the one on a WordPress database (`wordpress-db-replay.ts`)
 * both end here, each with its own list.
 *
 * @example
 * explainDifferences(fixture, marked, 'users/list', acceptedFor).unexplained; // [] when it matches
 */
export function explainDifferences(
  fixture: Fixture,
  marked: MarkedAnswer,
  request: string,
  acceptedFor: (request: string, difference: Difference) => AcceptedDifference | undefined,
): Replayed {
  const differences = compareAnswers(inScope(fixture.answer), inScope(marked));
  const unexplained: string[] = [];
  const accepted: AcceptedDifference[] = [];
  for (const difference of differences) {
    const entry = acceptedFor(request, difference);
    if (entry === undefined) unexplained.push(describeDifference(difference));
    else accepted.push(entry);
  }
  return { differences, unexplained, accepted };
}

/** Sends `request` to cms-json at `target` and compares its answer with the fixture's. */
export async function replay(
  target: Target,
  area: string,
  request: ConformanceRequest,
  fixture: Fixture,
  saved: SavedValues,
): Promise<Replayed> {
  const answer = await send(target, request, saved);
  saveValues(request, answer, saved);
  const marked = markAnswer(request, answer, { origin: target.origin, saved });
  return explainDifferences(fixture, marked, `${area}/${request.name}`, acceptedFor);
}
