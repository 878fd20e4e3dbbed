/**
 * The commands of the user administration CLI (scripts/users.ts) on storage opened once: the CLI runs one
 * command and closes; the end-to-end tests keep one open per server (test/e2e/usersCommandServer.ts) instead of
 * starting a new process per account.
 */
import { EventEmitter } from 'node:events';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { type Config } from '../server/config';
import { openConfiguredStorage } from '../server/openConfiguredStorage';
import { createTokenService } from '../server/services/tokens/TokenService';
import { type Stores } from '../server/store/contract/Stores';
import { createMailer } from '../server/services/mail/mailer';
import { createAccountService } from '../server/services/accounts/createAccountService';
import { createSessionService } from '../server/services/sessions/SessionService';
import { isCommonPassword, isGuessablePassword } from '../server/services/accounts/passwordPolicy';
import { toCoupon, validateNewCoupon, normaliseCouponCode } from '../server/services/billing/couponPricing';
import { LANGUAGE_CODES, type LanguageCode } from '../src/contract/Accounts';
import { isStrongPassword } from '../src/lib/validation/password';

export const USERS_USAGE = `Usage: npm run users -- <command> [options]

  list                                          list accounts with their roles
  create <username> --password <pw> [--name <name>] [--roles ADMIN,...] [--sites S1,S2]
                                                an active account (always gets MAPUSER)
  grant <username> <ROLE>...                    add roles (e.g. ADMIN, MAPUSER:2)
  revoke <username> <ROLE>...                   remove roles
  set-password <username> --password <pw>       set a password (ends the user's sessions)
  invite <email> --name <name> [--roles ...] [--sites S1,S2] [--language de]
                                                mail an invitation link (valid 7 days by default)
  coupon-list                                   list the built-in checkout's coupons
  coupon-create <CODE> (--percent <1-100> | --amount <CHF>) [--expires 2027-01-31] [--max <uses>]
                                                a coupon for the built-in checkout (with Stripe, create
                                                promotion codes in Stripe instead)
  coupon-disable <CODE>                         stop a coupon from being used (its record stays)
`;

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The account repositories of the configured storage: the PostgreSQL database of DATABASE_URL (what every
 * instance of a deployment shares), else the SQLite database in DATA_DIR.
 */
async function openAccountStores(config: Config): Promise<Stores & { close(): Promise<void> }> {
  const storage = await openConfiguredStorage(config);
  return { ...storage.stores, close: storage.close };
}

/** A command that cannot be done as asked: its message is for the operator (the CLI prints it and exits 1). */
export class UsersCommandError extends Error {}

function fail(message: string): never {
  throw new UsersCommandError(message);
}

/** A command line's words and options (throws on an unknown option). */
export function parseUsersArgs(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      password: { type: 'string' },
      name: { type: 'string' },
      roles: { type: 'string' },
      sites: { type: 'string' },
      language: { type: 'string' },
      percent: { type: 'string' },
      amount: { type: 'string' },
      expires: { type: 'string' },
      max: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

/** No command, or --help: the usage, which needs no storage. */
export function asksForUsage(argv: string[]): boolean {
  const { positionals, values } = parseUsersArgs(argv);
  return positionals.length === 0 || values.help === true;
}

export interface UsersCommands {
  /** Runs one command line (e.g. `['create', 'a@b.ch', '--password', '…']`) and returns what it prints. */
  run(argv: string[]): Promise<string>;
  close(): Promise<void>;
}

/** Opens the configured storage and the account service once, for as many commands as are run. */
export async function openUsersCommands(config: Config): Promise<UsersCommands> {
  const log = pino({ level: config.logLevel === 'info' ? 'warn' : config.logLevel }, process.stderr);
  const { users, accountKeys, emailChanges, rateLimits, sessions, coupons, twoFactor, unitOfWork, close } =
    await openAccountStores(config);
  const accounts = createAccountService({
    config,
    tokens: createTokenService(config.jwtSecret, config.tokenTtlSeconds),
    // set-password ends the account's sessions (a running server refuses their tokens at the next request).
    sessions: createSessionService({
      sessions,
      users,
      events: new EventEmitter(),
      idleDays: config.sessionIdleDays,
    }),
    users,
    keys: accountKeys,
    twoFactor,
    emailChanges,
    rateLimits,
    unitOfWork,
    mailer: createMailer(config, log),
    log,
  });
  async function run(argv: string[]): Promise<string> {
    const { positionals, values } = parseUsersArgs(argv);
    const [command, ...args] = positionals;
    if (asksForUsage(argv)) return USERS_USAGE;
    const output: string[] = [];
    const findUser = async (username: string | undefined) =>
      (username && (await users.findByUsername(username))) ||
      fail(`No account with the username ${username ?? '(missing)'}`);
    const password = () => {
      const value = (values.password ?? fail('--password is required')).trim();
      if (!isStrongPassword(value)) {
        fail(
          'The password needs 8 or more characters with upper and lower case, a digit and one of # ? ! @ $ % ^ & * -',
        );
      }
      if (isCommonPassword(value))
        fail('The password is a common one (or a common word with digits or symbols added)');
      if (isGuessablePassword(value))
        fail(
          'The password is easy to guess (a keyboard pattern, a word or a name with a few digits or symbols)',
        );
      return value;
    };

    switch (command) {
      case 'list':
        for (const user of await users.list()) {
          output.push(`${user.username}\t${user.status}\t${user.roles.join(',')}\t${user.name}\n`);
        }
        break;
      case 'create': {
        const user = await accounts.createUser({
          username: args[0] ?? fail('create needs a username'),
          password: password(),
          name: values.name,
          roles: list(values.roles),
        });
        const sites = list(values.sites);
        if (sites.length > 0) await users.setSites(user.id, sites);
        output.push(`Created ${user.username} with roles ${user.roles.join(',')}\n`);
        break;
      }
      case 'grant':
      case 'revoke': {
        const user = await findUser(args[0]);
        const changes = args.slice(1).map((role) => role.trim().toUpperCase());
        if (changes.length === 0) fail(`${command} needs at least one role`);
        const roles =
          command === 'grant'
            ? [...user.roles, ...changes.filter((role) => !user.roles.some((r) => r.toUpperCase() === role))]
            : user.roles.filter((role) => !changes.includes(role.toUpperCase()));
        const updated = await users.setRoles(user.id, roles);
        output.push(`${updated.username} now has roles ${updated.roles.join(',') || '(none)'}\n`);
        break;
      }
      case 'set-password': {
        const user = await accounts.setPassword((await findUser(args[0])).username, password());
        output.push(`Password of ${user.username} set; its other sessions have ended\n`);
        break;
      }
      case 'invite': {
        const language = values.language ?? 'en';
        if (!(LANGUAGE_CODES as readonly string[]).includes(language))
          fail('--language must be one of en, de, fr, it');
        const result = await accounts.invite({
          email: args[0],
          name: values.name,
          roles: list(values.roles),
          sites: list(values.sites),
          language: language as LanguageCode,
        });
        output.push(`${result.message} to ${args[0]}: ${result.link}\n`);
        break;
      }
      case 'coupon-list':
        for (const coupon of (await coupons.list()).map(toCoupon)) {
          const off =
            coupon.percentOff !== null ? `${coupon.percentOff}%` : `CHF ${coupon.amountOff?.toFixed(2)}`;
          const cap =
            coupon.maxRedemptions === null ? 'no cap' : `${coupon.redeemed}/${coupon.maxRedemptions} used`;
          const state = coupon.active ? 'active' : 'disabled';
          output.push(`${coupon.code}\t${off} off\t${coupon.expiresAt ?? 'no expiry'}\t${cap}\t${state}\n`);
        }
        break;
      case 'coupon-create': {
        const number = (value: string | undefined, flag: string) => {
          if (value === undefined) return undefined;
          const parsed = Number(value);
          return Number.isFinite(parsed) ? parsed : fail(`${flag} must be a number`);
        };
        const coupon = validateNewCoupon(
          {
            code: args[0] ?? fail('coupon-create needs a code'),
            percentOff: number(values.percent, '--percent'),
            amountOff: number(values.amount, '--amount'),
            expiresAt: values.expires,
            maxRedemptions: number(values.max, '--max'),
          },
          new Date(),
        );
        if (typeof coupon === 'string') fail(coupon);
        if (!(await unitOfWork(() => coupons.create(coupon, new Date()))))
          fail(`A coupon ${coupon.code} exists already`);
        output.push(`Created coupon ${coupon.code}\n`);
        break;
      }
      case 'coupon-disable': {
        const code = normaliseCouponCode(args[0] ?? fail('coupon-disable needs a code'));
        if (!(await unitOfWork(() => coupons.deactivate(code)))) fail(`No coupon ${code}`);
        output.push(`Disabled coupon ${code}\n`);
        break;
      }
      default:
        fail(`Unknown command "${command}".\n\n${USERS_USAGE}`);
    }
    return output.join('');
  }

  return { run, close };
}
