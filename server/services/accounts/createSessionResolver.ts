import type { SessionResolver } from '../../AppContext';
import type { UserStore } from '../../store/users/UserStore';
/**
 * Accepts a verified token only while its account exists, is active and has the same token version
 * (a password change or reset bumps it, ending every older session); the roles are the current ones,
 * so a grant or revoke takes effect without a new login.
 */
export function createSessionResolver(users: UserStore): SessionResolver {
  return (claims) => {
    const user = users.findById(claims.sub);
    if (!user || user.status !== 'active' || user.tokenVersion !== claims.tv) return null;
    return { id: user.id, username: user.username, roles: user.roles };
  };
}
