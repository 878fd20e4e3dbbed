import { SignJWT, jwtVerify, errors } from 'jose';
import type { UserStore } from '../../store/users/UserStore';

/** Which host a token is for: the single-sign-on API or the main server (spec §7). */
export type TokenAudience = 'sso' | 'main';

export interface TokenClaims {
  /** User id. */
  sub: string;
  username: string;
  roles: string[];
  /** The user's token version when signed; a password change bumps it and ends older sessions. */
  tv: number;
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

export interface TokenService {
  sign(audience: TokenAudience, claims: TokenClaims): Promise<string>;
  verify(audience: TokenAudience, token: string | undefined | null): Promise<TokenClaims>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(audience, claims) {
      return new SignJWT({ username: claims.username, roles: claims.roles, tv: claims.tv })
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
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience,
          requiredClaims: ['exp', 'sub'],
        });
        const roles = Array.isArray(payload.roles) ? payload.roles.map(String) : [];
        return {
          sub: String(payload.sub),
          username: String(payload.username ?? ''),
          roles,
          tv: Number(payload.tv ?? 0),
        };
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
}

/**
 * Re-checks verified claims against the current state (the account still exists, its token version
 * still matches, its roles as they are now). Returns null when the session has ended.
 */
export type SessionResolver = (claims: TokenClaims) => AuthUser | null | Promise<AuthUser | null>;

/**
 * Accepts a verified token only while its account exists, is active and has the same token version
 * (a password change or reset bumps it, ending every older session); the roles are the current ones,
 * so a grant or revoke takes effect without a new login.
 */
export function createSessionResolver(users: Pick<UserStore, 'findById'>): SessionResolver {
  return (claims) => {
    const user = users.findById(claims.sub);
    if (!user || user.status !== 'active' || user.tokenVersion !== claims.tv) return null;
    return { id: user.id, username: user.username, roles: user.roles };
  };
}
