import { SignJWT, jwtVerify, errors } from 'jose';
import { LRUCache } from 'lru-cache';

/** Which host a token is for: the single-sign-on API or the main server (spec §7). */
export type TokenAudience = 'sso' | 'main';

export interface TokenClaims {
  /** User id. */
  sub: string;
  username: string;
  roles: string[];
  /** The sign-in session both tokens of a login belong to; revoking it ends them (server/services/sessions). */
  sid: string;
}

export class TokenError extends Error {
  constructor(
    message: string,
    readonly reason: 'missing' | 'invalid' | 'expired',
  ) {
    super(message);
  }
}

const ISSUER = 'parcel-atlas';
const ALGORITHM = 'HS256';
/** Verified tokens remembered (a map view asks for dozens of tiles a second with the same token). */
export const VERIFIED_TOKENS = 10_000;

export interface TokenService {
  sign(audience: TokenAudience, claims: TokenClaims): Promise<string>;
  /** Verifies a token for the audience (or for any of several, e.g. logout takes either token). */
  verify(audience: TokenAudience | TokenAudience[], token: string | undefined | null): Promise<TokenClaims>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  // Verifying the HS256 signature through WebCrypto (an async job with a key import) took a third of the
  // main thread under tile load. A token verified once for an audience is remembered by its exact text —
  // signature included, so a changed token is never found — until it expires; the session behind it is
  // still checked on every request (requireRole → resolveSession).
  const verified = new LRUCache<string, { claims: TokenClaims; exp: number }>({ max: VERIFIED_TOKENS });
  const expired = (exp: number) => exp <= Math.floor(Date.now() / 1000);
  return {
    async sign(audience, claims) {
      return new SignJWT({ username: claims.username, roles: claims.roles, sid: claims.sid })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    async verify(audience, token) {
      if (!token) throw new TokenError('Missing token', 'missing');
      const cacheKey = `${[audience].flat().join(',')}\u0000${token}`;
      const known = verified.get(cacheKey);
      if (known) {
        if (expired(known.exp)) {
          verified.delete(cacheKey);
          throw new TokenError('Token expired', 'expired');
        }
        return { ...known.claims, roles: [...known.claims.roles] };
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience,
          requiredClaims: ['exp', 'sub', 'sid'],
        });
        const roles = Array.isArray(payload.roles) ? payload.roles.map(String) : [];
        const claims = {
          sub: String(payload.sub),
          username: String(payload.username ?? ''),
          roles,
          sid: String(payload.sid),
        };
        verified.set(cacheKey, { claims: { ...claims, roles: [...roles] }, exp: payload.exp as number });
        return claims;
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new TokenError('Token expired', 'expired');
        throw new TokenError('Invalid token', 'invalid');
      }
    },
  };
}

/** Who made a request, as the secure-route guard resolved it. */
export interface AuthUser {
  id: string;
  username: string;
  roles: string[];
  /** The sign-in session the token belongs to. */
  sessionId: string;
}

/**
 * Re-checks verified claims against the current state (the session is open and not idle, the account still
 * exists and is active, its roles as they are now). Returns null when the session has ended.
 */
export type SessionResolver = (claims: TokenClaims) => AuthUser | null | Promise<AuthUser | null>;
