import { createSecretKey } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { ZTokenClaims, type TTokenClaims } from '@sanad/contracts/session';

const ISSUER = 'sanad';
const AUDIENCE = 'sanad-api';
// The only algorithm accepted: a token claiming 'none' or an asymmetric algorithm is refused.
const ALGORITHM = 'HS256';

export interface VerifiedToken {
  claims: TTokenClaims;
  expiresAt: number;
}

export interface TokenService {
  sign(claims: TTokenClaims, expiresAt: Date): Promise<string>;
  /** The claims of a valid token and when it expires (epoch ms), or null for any token that fails verification. */
  verify(token: string): Promise<VerifiedToken | null>;
}

export function createTokenService(secret: string): TokenService {
  // A KeyObject made once: given raw bytes, jose would import a key on every sign and verify.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    sign(claims, expiresAt) {
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['exp', 'sub', 'iat'],
        });
        const parsed = ZTokenClaims.safeParse(payload);
        // jwtVerify requires `exp` (requiredClaims above), so it is a number here.
        return parsed.success ? { claims: parsed.data, expiresAt: Number(payload.exp) * 1000 } : null;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
