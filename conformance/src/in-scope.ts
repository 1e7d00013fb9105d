/**
 * Narrows an answer to what cms-json serves today (`requests/scope.ts`): the index's and a
 * namespace index's `routes` keep the served route keys, `namespaces` the served namespaces.
 *
 * @module
 */
import { isServedRoute, SERVED_NAMESPACES } from '../requests/scope.js';
import type { MarkedAnswer } from './volatile.js';

/** The answer with unserved routes and namespaces left out (other answers unchanged). */
export function inScope(answer: MarkedAnswer): MarkedAnswer {
  const body = answer.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return answer;
  const out: Record<string, unknown> = { ...body };
  const routes = out.routes;
  if (routes !== null && typeof routes === 'object' && !Array.isArray(routes)) {
    out.routes = Object.fromEntries(Object.entries(routes).filter(([route]) => isServedRoute(route)));
  }
  if (Array.isArray(out.namespaces)) out.namespaces = out.namespaces.filter((name) => SERVED_NAMESPACES.includes(String(name)));
  return { ...answer, body: out };
}
