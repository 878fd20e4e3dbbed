/**
 * The users CLI's commands (scripts/usersCommands.ts) for one e2e server, in one long-lived process started by
 * globalSetup: a test that makes an account posts the command line here instead of starting a new
 * `node --import tsx scripts/users.ts` (3–6 CPU seconds of module loading each). Runs on the server's own data
 * directory and configuration (DATA_DIR, PUBLIC_URL, SMTP_URL from its environment), through the same account
 * service as the CLI. Listens on a free loopback port and prints `{"port":N}` once ready.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../server/config';
import { AccountError } from '../../server/services/accounts/AccountError';
import { openUsersCommands, UsersCommandError } from '../../scripts/usersCommands';

/** What a test posts: the words after `npm run users --`. */
export interface UsersCommandRequest {
  args: string[];
}

async function main(): Promise<void> {
  const commands = await openUsersCommands(loadConfig());
  // One command at a time, as one CLI process after another would run them.
  let queue: Promise<unknown> = Promise.resolve();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      queue = queue.then(async () => {
        try {
          const { args } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as UsersCommandRequest;
          const output = await commands.run(args);
          response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(output);
        } catch (error) {
          const refused = error instanceof UsersCommandError || error instanceof AccountError;
          const message =
            error instanceof Error
              ? refused
                ? error.message
                : (error.stack ?? error.message)
              : String(error);
          response
            .writeHead(refused ? 422 : 500, { 'content-type': 'text/plain; charset=utf-8' })
            .end(message);
        }
      });
    });
  });
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
  });
  process.on('SIGTERM', () => {
    server.close();
    void commands.close().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
