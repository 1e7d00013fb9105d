import type { RequestArea } from '../src/request.js';

/** The index, the namespace indexes, OPTIONS and unknown routes. */
export const discovery: RequestArea = {
  area: 'discovery',
  requests: [
    { name: 'index', method: 'GET', path: '/', about: 'the index: site fields, namespaces, authentication, routes' },
    { name: 'index-head', method: 'HEAD', path: '/', about: 'HEAD of the index: headers, no body' },
    {
      name: 'index-as-admin',
      method: 'GET',
      path: '/?_fields=name,namespaces,authentication',
      as: 'admin',
      about: 'the index with credentials',
    },
    { name: 'namespace-wp-v2', method: 'GET', path: '/wp/v2', about: 'the wp/v2 namespace index' },
    { name: 'namespace-tel-v1', method: 'GET', path: '/tel/v1', about: 'the tel/v1 namespace index' },
    { name: 'namespace-unknown', method: 'GET', path: '/nope/v1', about: 'an unknown namespace: rest_no_route' },
    {
      name: 'options-users',
      method: 'OPTIONS',
      path: '/wp/v2/users',
      about: 'OPTIONS of the users collection: args, schema, Allow',
    },
    {
      name: 'options-users-as-admin',
      method: 'OPTIONS',
      path: '/wp/v2/users',
      as: 'admin',
      about: 'OPTIONS with credentials: Allow lists writes',
    },
    { name: 'options-user', method: 'OPTIONS', path: '/wp/v2/users/1', about: 'OPTIONS of one user' },
    { name: 'options-user-me', method: 'OPTIONS', path: '/wp/v2/users/me', about: 'OPTIONS of users/me' },
    {
      name: 'options-application-passwords',
      method: 'OPTIONS',
      path: '/wp/v2/users/1/application-passwords',
      as: 'admin',
      about: 'OPTIONS of application passwords',
    },
    { name: 'context-help', method: 'GET', path: '/wp/v2/users?context=help', about: 'context=help is not a context of users' },
    { name: 'unknown-route', method: 'GET', path: '/wp/v2/nope', about: 'an unknown route: 404 rest_no_route' },
    {
      name: 'id-not-a-number',
      method: 'GET',
      path: '/wp/v2/users/abc',
      about: 'a path parameter off its pattern: rest_no_route',
    },
    { name: 'method-not-allowed', method: 'PATCH', path: '/', about: 'a method the route does not have: rest_no_route' },
    {
      name: 'delete-on-collection',
      method: 'DELETE',
      path: '/wp/v2/users',
      as: 'admin',
      about: 'DELETE on the users collection',
    },
  ],
};
