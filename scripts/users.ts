/**
 * User administration for operators (`npm run users -- <command>`), e.g. to create the first admin on a
 * fresh install. Works on the database in DATA_DIR (or DATABASE_URL's PostgreSQL) and mails through
 * SMTP_URL (or DATA_DIR/outbox). The commands themselves: scripts/usersCommands.ts.
 */
import { loadConfig, ConfigError } from '../server/config';
import { AccountError } from '../server/services/accounts/AccountError';
import { asksForUsage, openUsersCommands, USERS_USAGE, UsersCommandError } from './usersCommands';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  // The usage needs no configuration: print it before opening any storage.
  if (asksForUsage(argv)) {
    process.stdout.write(USERS_USAGE);
    return;
  }
  const commands = await openUsersCommands(loadConfig());
  try {
    process.stdout.write(await commands.run(argv));
  } finally {
    await commands.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsersCommandError || error instanceof AccountError || error instanceof ConfigError)
    fail(error.message);
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
});
