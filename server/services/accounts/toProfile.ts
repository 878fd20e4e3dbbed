import type { Profile } from '../../../src/contract/Profile';
import type { UserRecord } from '../../store/users/UserStore';
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
