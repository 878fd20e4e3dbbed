import type { Profile } from '../../../src/contract/Profile';
import { parseRole } from '../../../src/lib/accessCheck';
import type { UserRecord } from '../../store/contract/users/UserStore';

/** The session profile of spec §3 for an account; never includes the password hash. */
export function toProfile(user: UserRecord, token?: string): Profile {
  return {
    _id: user.id,
    roles: user.roles,
    accessRights: user.accessRights,
    sites: user.sites,
    ...(token ? { token } : {}),
    username: user.username,
    name: user.name,
    email: user.email,
    phone: user.phone,
    teams: user.teams,
    defaultLanguage: user.defaultLanguage,
    companyName: user.companyName,
    companyAddress: user.companyAddress,
  };
}

/** Trimmed, de-duplicated roles that always include MAPUSER (every account may use the map, spec §6). */
export function withMapUserRole(roles: readonly string[] = []): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const role of roles.map((r) => r.trim()).filter(Boolean)) {
    const key = role.toUpperCase();
    if (!seen.has(key)) {
      seen.add(key);
      result.push(role);
    }
  }
  if (!result.some((role) => parseRole(role).name === 'MAPUSER')) result.unshift('MAPUSER');
  return result;
}
