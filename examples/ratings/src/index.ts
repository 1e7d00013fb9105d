/**
 * The ratings example: a plugin that adds a field and an embeddable link to the records of
 * a type another package owns.
 *
 * @module
 */
export { migrations, type RatingsTable, type RatingsTables } from './migrations.js';
export { NAMESPACE, RATING_RELATION, type RatingsOptions, ratings } from './plugin.js';
export { RatingsStore } from './store.js';
