import { SignJWT, UnsecuredJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test-support/test-app';

const t = useTestApp();
let claims: Record<string, unknown>;
beforeAll(() => {
  claims = JSON.parse(Buffer.from(t.adminToken.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
});

const verify = (token: string) => t.app.inject({ method: 'GET', url: '/api/users/verify-token', headers: bearer(token) });
const secret = () => new TextEncoder().encode(t.context.secrets.tokenSecret);
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('access token verification', () => {
  it('accepts the genuine token as a baseline', async () => {
    const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(secret());
    expect((await verify(token)).statusCode).toBe(200);
  });

  it("refuses a token with alg 'none'", async () => {
    const token = new UnsecuredJWT(claims).encode();
    expect((await verify(token)).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const token = await new SignJWT({ ...claims, exp: nowSeconds() - 10 }).setProtectedHeader({ alg: 'HS256' }).sign(secret());
    expect((await verify(token)).statusCode).toBe(401);
  });

  it('refuses a token for another audience or issuer', async () => {
    const otherAudience = await new SignJWT({ ...claims, aud: 'someone-else' }).setProtectedHeader({ alg: 'HS256' }).sign(secret());
    const otherIssuer = await new SignJWT({ ...claims, iss: 'someone-else' }).setProtectedHeader({ alg: 'HS256' }).sign(secret());
    expect((await verify(otherAudience)).statusCode).toBe(401);
    expect((await verify(otherIssuer)).statusCode).toBe(401);
  });

  it('refuses a token signed with another key', async () => {
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(64)));
    expect((await verify(forged)).statusCode).toBe(401);
  });

  it('refuses a token whose payload was altered after signing', async () => {
    const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(secret());
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ ...claims, scopes: ['everything'] })).toString('base64url');
    expect((await verify(`${header}.${payload}.${signature}`)).statusCode).toBe(401);
  });

  it('refuses a genuine token naming a session of another user', async () => {
    const token = await new SignJWT({ ...claims, sub: '6f1c5a2e-0000-4000-8000-000000000001' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(secret());
    expect((await verify(token)).statusCode).toBe(401);
  });

  it('refuses garbage and a missing scheme', async () => {
    expect((await verify('not-a-token')).statusCode).toBe(401);
    const response = await t.app.inject({ method: 'GET', url: '/api/users/verify-token', headers: { authorization: 'Basic abc' } });
    expect(response.statusCode).toBe(401);
  });
});
