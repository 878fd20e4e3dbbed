import type { NewUser, UserStore } from '../../../server/store/contract/users/UserStore';

/** An active map user whose username is also the e-mail address, for a contract suite. */
export const contractPerson = (username: string, name = username): NewUser => ({
  username,
  email: username,
  name,
  passwordHash: 'hash',
  status: 'active',
  roles: ['MAPUSER'],
});

/** Creates one contract person per username; answers their ids in the same order. */
export async function createContractPeople(users: Pick<UserStore, 'create'>, ...usernames: string[]) {
  const ids: string[] = [];
  for (const username of usernames) ids.push((await users.create(contractPerson(username))).id);
  return ids;
}
