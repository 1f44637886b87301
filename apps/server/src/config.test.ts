import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';

const ISSUER = 'https://id.example.test';

describe('identity provider settings', () => {
  it('configures no provider unless one is given', () => {
    expect(parseConfig({}).identityProviders).toEqual([]);
  });

  it('reads a single provider from OIDC_* with sensible defaults', () => {
    const [provider] = parseConfig({
      OIDC_ISSUER: ISSUER,
      OIDC_CLIENT_ID: 'sanad',
      OIDC_CLIENT_SECRET: 's3cret',
      OIDC_LABEL: 'UAE PASS',
    }).identityProviders;
    expect(provider).toEqual({
      id: 'default',
      label: 'UAE PASS',
      issuer: ISSUER,
      clientId: 'sanad',
      clientAuthentication: { method: 'client_secret_basic', secret: 's3cret' },
      scopes: 'openid email profile',
      linkBy: 'email',
      subjectClaim: 'sub',
      acrValues: null,
      isInsecureIssuer: false,
    });
  });

  it('reads several providers from OIDC_<ID>_* for the ids in OIDC_PROVIDERS', () => {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'sanad-2025' };
    const providers = parseConfig({
      OIDC_PROVIDERS: 'uae-pass,nadra',
      OIDC_UAE_PASS_ISSUER: ISSUER,
      OIDC_UAE_PASS_CLIENT_ID: 'sanad',
      OIDC_UAE_PASS_CLIENT_SECRET: 's3cret',
      OIDC_UAE_PASS_CLIENT_AUTH_METHOD: 'client_secret_post',
      OIDC_UAE_PASS_LINK_BY: 'subject',
      OIDC_UAE_PASS_SUBJECT_CLAIM: 'idn',
      OIDC_NADRA_ISSUER: 'https://nadra.example.test/oidc',
      OIDC_NADRA_CLIENT_ID: 'sanad-pk',
      OIDC_NADRA_PRIVATE_KEY: JSON.stringify(jwk),
    }).identityProviders;
    expect(
      providers.map((provider) => [provider.id, provider.clientAuthentication.method, provider.linkBy, provider.subjectClaim]),
    ).toEqual([
      ['uae-pass', 'client_secret_post', 'subject', 'idn'],
      ['nadra', 'private_key_jwt', 'email', 'sub'],
    ]);
    expect(providers[1]?.clientAuthentication).toMatchObject({
      privateKey: { kid: 'sanad-2025', x: publicKey.export({ format: 'jwk' }).x },
    });
  });

  it('accepts a PEM private key written on one line with \\n separators', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString().replace(/\n/g, '\\n');
    const [provider] = parseConfig({ OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: 'sanad', OIDC_PRIVATE_KEY: pem }).identityProviders;
    expect(provider?.clientAuthentication).toMatchObject({ method: 'private_key_jwt', privateKey: { kty: 'RSA' } });
  });

  it('names the setting that is wrong', () => {
    expect(() => parseConfig({ OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: 'sanad' })).toThrow(
      'OIDC_CLIENT_SECRET: set either OIDC_CLIENT_SECRET or OIDC_PRIVATE_KEY',
    );
    expect(() => parseConfig({ OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: 'sanad', OIDC_CLIENT_SECRET: 'a', OIDC_PRIVATE_KEY: 'b' })).toThrow(
      'set either',
    );
    expect(() => parseConfig({ OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: 'sanad', OIDC_PRIVATE_KEY: 'not a key' })).toThrow(
      'OIDC_PRIVATE_KEY: not a readable',
    );
    expect(() => parseConfig({ OIDC_PROVIDERS: 'nadra', OIDC_NADRA_ISSUER: ISSUER })).toThrow('OIDC_NADRA_CLIENT_ID');
    expect(() => parseConfig({ OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: 'sanad', OIDC_CLIENT_SECRET: 'a', OIDC_SCOPES: 'email' })).toThrow(
      'OIDC_SCOPES: the scopes must include openid',
    );
    expect(() => parseConfig({ OIDC_PROVIDERS: 'UAE' })).toThrow('OIDC_PROVIDERS');
  });

  it('allows plain http only for a loopback issuer, and only with OIDC_ALLOW_LOOPBACK', () => {
    const base = { OIDC_CLIENT_ID: 'sanad', OIDC_CLIENT_SECRET: 's3cret' };
    expect(() => parseConfig({ ...base, OIDC_ISSUER: 'http://127.0.0.1:4000' })).toThrow('OIDC_ISSUER: the issuer must be an https:// URL');
    expect(() => parseConfig({ ...base, OIDC_ISSUER: 'http://id.example.test', OIDC_ALLOW_LOOPBACK: 'true' })).toThrow('OIDC_ISSUER');
    const config = parseConfig({ ...base, OIDC_ISSUER: 'http://127.0.0.1:4000', OIDC_ALLOW_LOOPBACK: 'true' });
    expect(config.allowLoopbackIdentityProvider).toBe(true);
    expect(config.identityProviders[0]?.isInsecureIssuer).toBe(true);
    expect(parseConfig({}).allowLoopbackIdentityProvider).toBe(false);
  });
});
