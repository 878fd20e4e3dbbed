import { passwordHasher } from '../../../server/services/accounts/credentials';
import { openPostgresRepositories } from '../../../server/store/postgres/createPostgresStores';

/**
 * An active account with a real password (argon2id, as registration writes it), written straight into a
 * PostgreSQL database that real app processes share (the multi-instance, rolling-restart and upload tests).
 */
export async function createPostgresUser(
  databaseUrl: string,
  username: string,
  password: string,
  roles: string[] = ['MAPUSER'],
): Promise<void> {
  const stores = await openPostgresRepositories(databaseUrl);
  try {
    await stores.users.create({
      username,
      email: username,
      name: username.split('@')[0],
      passwordHash: await passwordHasher.hash(password),
      status: 'active',
      roles,
    });
  } finally {
    await stores.close();
  }
}
