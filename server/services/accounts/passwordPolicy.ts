import { createRequire } from 'node:module';
import { isStrongPassword } from '../../../src/lib/validation/password';
import { AccountError, ACCOUNT_MESSAGES as M } from './AccountError';

/**
 * The one password policy of the server, for registration, reset, invitation, the
 * settings change and the operator CLI: the strong-password rule of spec §5 (shared with the browser)
 * and no common password. Passwords are trimmed on every path, login included, before this check.
 */

const require_ = createRequire(__filename);
let common: Set<string> | null = null;

/** The 49k common passwords of @zxcvbn-ts/language-common (lower case), read once on first use. */
function commonPasswords(): Set<string> {
  if (!common) {
    const { dictionary } = require_('@zxcvbn-ts/language-common') as {
      dictionary: Record<string, string[]>;
    };
    common = new Set(dictionary['passwords-common']);
  }
  return common;
}

/** Lower case without the digits and symbols people wrap round a word: `Password1!` → `password`. */
export function normalisedPassword(password: string): string {
  return password.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
}

/** Whether the password, or its word without leading/trailing digits and symbols, is a common one. */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  const lower = password.toLowerCase();
  const word = normalisedPassword(password);
  return list.has(lower) || (word !== '' && list.has(word));
}

/** Words of Swiss daily life people build passwords from, beside the four languages' dictionaries. */
const SWISS_WORDS = [
  'gruezi',
  'grüezi',
  'hoi',
  'salü',
  'merci',
  'zueri',
  'züri',
  'zürich',
  'zuerich',
  'bern',
  'basel',
  'luzern',
  'genf',
  'geneve',
  'genève',
  'lugano',
  'schweiz',
  'suisse',
  'svizzera',
  'helvetia',
  'matterhorn',
  'edelweiss',
  'fondue',
  'raclette',
  'rösti',
  'chuchichäschtli',
  'gipfeli',
  'znüni',
  'cervelat',
  'schoggi',
  'rivella',
  'ovomaltine',
  'toblerone',
  'gotthard',
  'pilatus',
  'säntis',
];

/**
 * The lowest zxcvbn score accepted (0–4): 3 means about 10^8 guesses or more, beyond what a throttled
 * online attack tries, and what zxcvbn calls safely unguessable.
 */
export const MIN_PASSWORD_SCORE = 3;
/** Six or more neighbouring keys (qwertz, asdfgh, yxcvbn …) count as a keyboard walk, whatever the score. */
const KEYBOARD_WALK_LENGTH = 6;

interface Estimate {
  score: number;
  sequence: { pattern: string; token: string }[];
}
let estimator: { check(password: string): Estimate } | null = null;

/**
 * zxcvbn-ts with the English, German, French and Italian dictionaries (names, common words, Wikipedia),
 * the Swiss words above and the qwertz, azerty and qwerty keyboards; built once on first use (~0.7 s).
 */
function strengthEstimator(): { check(password: string): Estimate } {
  if (!estimator) {
    const { ZxcvbnFactory } = require_('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
    type Language = { dictionary: Record<string, string[]> };
    const load = (name: string) => require_(`@zxcvbn-ts/language-${name}`) as Language;
    // German and Italian name their lists without a language suffix: suffixed here so none replaces another.
    const suffixed = ({ dictionary }: Language, language: string) =>
      Object.fromEntries(
        Object.entries(dictionary).map(([list, words]) => [
          list.endsWith(`-${language}`) ? list : `${list}-${language}`,
          words,
        ]),
      );
    const common = require_('@zxcvbn-ts/language-common') as Language & { adjacencyGraphs: object };
    estimator = new ZxcvbnFactory({
      dictionary: {
        ...common.dictionary,
        ...suffixed(load('en'), 'en'),
        ...suffixed(load('de'), 'de'),
        ...suffixed(load('fr'), 'fr'),
        ...suffixed(load('it'), 'it'),
        'swiss-words': SWISS_WORDS,
      },
      graphs: common.adjacencyGraphs,
    } as ConstructorParameters<typeof ZxcvbnFactory>[0]);
  }
  return estimator;
}

/** Whether zxcvbn finds the password easy to guess: a low score, or a keyboard walk inside it. */
export function isGuessablePassword(password: string): boolean {
  const { score, sequence } = strengthEstimator().check(password);
  return (
    score < MIN_PASSWORD_SCORE ||
    sequence.some((match) => match.pattern === 'spatial' && match.token.length >= KEYBOARD_WALK_LENGTH)
  );
}

/**
 * Refuses (400, with the spec's wording) a password the policy does not accept. The same policy on every
 * path: registration, reset, invitation, the settings change and the operator CLI.
 */
export function checkPasswordPolicy(password: string): void {
  if (!isStrongPassword(password)) throw new AccountError(400, M.strongPasswordRule);
  if (isCommonPassword(password)) throw new AccountError(400, M.commonPassword);
  if (isGuessablePassword(password)) throw new AccountError(400, M.guessablePassword);
}
