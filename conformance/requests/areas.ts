/**
 * Every area of the suite, in the order the capture tool and the test run them.
 *
 * @module
 */
import type { RequestArea } from '../src/request.js';
import { applicationPasswords } from './application-passwords.js';
import { auth } from './auth.js';
import { comments } from './comments.js';
import { discovery } from './discovery.js';
import { editor } from './editor.js';
import { globals } from './globals.js';
import { media } from './media.js';
import { pages } from './pages.js';
import { posts } from './posts.js';
import { site } from './site.js';
import { tel } from './tel.js';
import { terms } from './terms.js';
import { types } from './types.js';
import { users } from './users.js';
import { wireDetails } from './wire-details.js';

/** The areas, in order. Add a new one here (docs/conformance.md). */
export const AREAS: readonly RequestArea[] = [
  discovery,
  globals,
  users,
  applicationPasswords,
  auth,
  tel,
  types,
  posts,
  pages,
  terms,
  comments,
  media,
  site,
  wireDetails,
  editor,
];
