import type { RequestArea } from '../src/request.js';

/** Credentials: wrong Basic passwords and users on public and private routes, nonces without a cookie, the nonce page. */
export const auth: RequestArea = {
  area: 'auth',
  requests: [
    {
      name: 'wrong-password-index',
      method: 'GET',
      path: '/',
      as: { basic: ['admin', 'wrong password'] },
      about: 'a wrong password on the index',
    },
    {
      name: 'wrong-password-public',
      method: 'GET',
      path: '/wp/v2/users/1',
      as: { basic: ['admin', 'wrong password'] },
      about: 'a wrong password on a public route',
    },
    {
      name: 'wrong-password-me',
      method: 'GET',
      path: '/wp/v2/users/me',
      as: { basic: ['admin', 'wrong password'] },
      about: 'a wrong password on users/me',
    },
    {
      name: 'unknown-user-me',
      method: 'GET',
      path: '/wp/v2/users/me',
      as: { basic: ['nobody', 'oracleadminapppassword01'] },
      about: 'an unknown user',
    },
    {
      name: 'email-login-me',
      method: 'GET',
      path: '/wp/v2/users/me',
      as: { basic: ['admin@example.test', 'oracleadminapppassword01'] },
      about: 'the email as the login',
    },
    {
      name: 'spaced-password-me',
      method: 'GET',
      path: '/wp/v2/users/me?_fields=id',
      as: { basic: ['admin', 'orac leadm inap ppas swor d01'] },
      about: 'the password with spaces as shown once',
    },
    {
      name: 'account-password-me',
      method: 'GET',
      path: '/wp/v2/users/me',
      as: { basic: ['author', 'author-password'] },
      about: 'the account password is no application password',
    },
    {
      name: 'nonce-without-cookie',
      method: 'GET',
      path: '/wp/v2/users/me',
      headers: { 'x-wp-nonce': 'abcdef1234' },
      about: 'a nonce without a cookie is ignored',
    },
    {
      name: 'nonce-query-without-cookie',
      method: 'GET',
      path: '/wp/v2/users/1?_wpnonce=abcdef1234',
      about: '_wpnonce without a cookie is ignored',
    },
    {
      name: 'nonce-page-anonymous',
      method: 'GET',
      path: '~/wp-admin/admin-ajax.php?action=rest-nonce',
      about: 'the nonce page logged out',
    },
  ],
};
