import { describe, expect, it } from 'vitest';
import { readTelSiteConfig } from './config.js';

const appPassword = 'abcd EFGH ijkl MNOP qrst UVWX';

describe('the tel site settings', () => {
  it('defaults the login to admin, the prefix to cms, and makes a nonce key when CMS_SECRET is unset', () => {
    const config = readTelSiteConfig({ CMS_ADMIN_APP_PASSWORD: appPassword });
    expect(config).toMatchObject({ adminUser: 'admin', prefix: 'cms', adminAppPassword: appPassword, siteUrl: undefined });
    expect(config.secret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads the login, prefix, site address and secret given', () => {
    const config = readTelSiteConfig({
      CMS_ADMIN_APP_PASSWORD: appPassword,
      CMS_ADMIN_USER: 'root',
      CMS_PREFIX: 'wp',
      SITE_URL: 'https://links.example.com/',
      CMS_SECRET: 'x'.repeat(32),
    });
    expect(config).toEqual({
      adminUser: 'root',
      prefix: 'wp',
      siteUrl: 'https://links.example.com',
      adminAppPassword: appPassword,
      secret: 'x'.repeat(32),
    });
  });

  it.each([
    [{}, /CMS_ADMIN_APP_PASSWORD is required/],
    [{ CMS_ADMIN_APP_PASSWORD: 'short one' }, /at least 24 letters and digits/],
    [{ CMS_ADMIN_APP_PASSWORD: appPassword, CMS_PREFIX: 'xx' }, /CMS_PREFIX must be "cms" or "wp"/],
    [{ CMS_ADMIN_APP_PASSWORD: appPassword, CMS_SECRET: 'short' }, /CMS_SECRET must be at least 16/],
    [{ CMS_ADMIN_APP_PASSWORD: appPassword, SITE_URL: 'links.example.com' }, /SITE_URL must be an http\(s\) address/],
    [{ CMS_ADMIN_APP_PASSWORD: { binding: true } }, /CMS_ADMIN_APP_PASSWORD must be a text variable/],
  ])('refuses %o with an error naming what to set', (env, message) => {
    expect(() => readTelSiteConfig(env)).toThrow(message);
  });
});
