/**
 * The server answers in the language of the `langcode` header (spec §7), from the one
 * catalogue the browser uses (translations/*.json, `server.*`).
 */
import { createTestApp, signIn, type TestApp } from './helpers/createTestApp';
import { ACCESS_DENIED } from '../../server/http/requireRole';
import { createServerTranslator, languageOf } from '../../server/services/i18n/ServerTranslator';
import { LIMIT_REACHED_MESSAGES, NO_ACTIVE_PLAN_MESSAGE } from '../../server/services/quota/QuotaService';
import { PaymentsNotConfiguredError } from '../../server/services/billing/PaymentProvider';
import { ACCOUNT_MESSAGES } from '../../server/services/accounts/AccountError';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const login = (language?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: language ? { langcode: language } : {},
    // One unknown account per language: six wrong guesses for one would meet the login throttle.
    payload: { username: `nobody-${language ?? 'none'}@example.ch`, password: 'Wrong#Pass1' },
  });

describe('server messages in the langcode language', () => {
  it.each([
    [undefined, 'Invalid username or password'],
    ['en', 'Invalid username or password'],
    ['de', 'Ungültiger Benutzername oder ungültiges Passwort'],
    ['fr', "Nom d'utilisateur ou mot de passe incorrect"],
    ['it', 'Nome utente o password non validi'],
    ['rm', 'Invalid username or password'],
  ])('a refused login with langcode %s says "%s"', async (language, message) => {
    const response = await login(language);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: true, message });
  });

  it('translates errorMessage too (a used-up quota), and a 401 of the guard', async () => {
    const me = await signIn(t.app);
    // The trial's ten advanced searches, used up.
    for (let n = 0; n < 10; n += 1) await t.app.ctx.quota.consume(me.user.id, 'advance_search', `k${n}`);
    const refused = await t.app.inject({
      url: '/v1/secure/maps/advance-search?a=1&CANTON=ZG',
      headers: { ...me.headers, langcode: 'de' },
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      errorCode: 'LIMIT_REACHED_ADVANCE_SEARCH',
      errorMessage: 'Sie haben das Limit für erweiterte Suchen Ihres Abos erreicht',
    });
    const guard = await t.app.inject({ url: '/v1/secure/subscriptions', headers: { langcode: 'it' } });
    expect(guard.statusCode).toBe(401);
    expect(guard.json().message).toBe('Il token di autorizzazione è mancante');
  });

  it('has every fixed message the quota, guard and payment code answer with in the catalogue', async () => {
    const translator = createServerTranslator();
    const messages = [
      ...Object.values(LIMIT_REACHED_MESSAGES),
      NO_ACTIVE_PLAN_MESSAGE,
      ACCESS_DENIED,
      new PaymentsNotConfiguredError().message,
    ];
    for (const language of ['de', 'fr', 'it'] as const)
      for (const message of messages)
        expect(translator.translateEnglish(language, message)).not.toBe(message);
  });

  it("translates the rate limit's wait, with its number of minutes and the right plural", () => {
    const translator = createServerTranslator();
    const english = (minutes: number) => ACCOUNT_MESSAGES.tooManyAttempts(minutes);
    expect(translator.translateEnglish('de', english(1))).toBe(
      'Zu viele Versuche. Bitte warten Sie 1 Minute und versuchen Sie es erneut',
    );
    expect(translator.translateEnglish('de', english(15))).toBe(
      'Zu viele Versuche. Bitte warten Sie 15 Minuten und versuchen Sie es erneut',
    );
    expect(translator.translateEnglish('fr', english(60))).toBe(
      'Trop de tentatives. Veuillez patienter 60 minutes puis réessayer',
    );
    expect(translator.translateEnglish('it', english(1))).toBe(
      'Troppi tentativi. Attendi 1 minuto e riprova',
    );
    // The catalogue's English is exactly what the code answers, for one minute and for many.
    expect(translator.format('en', 'server.tooManyAttempts', { minutes: 1 })).toBe(english(1));
    expect(translator.format('en', 'server.tooManyAttempts', { minutes: 42 })).toBe(english(42));
    // A text that only looks alike is left as it is.
    expect(translator.translateEnglish('de', 'Too many attempts. Please wait a bit')).toBe(
      'Too many attempts. Please wait a bit',
    );
  });

  it('answers a throttled login in the langcode language', async () => {
    const username = 'throttled-de@example.ch';
    const guess = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { langcode: 'de' },
        payload: { username, password: 'Wrong#Pass1' },
        remoteAddress: '203.0.113.77',
      });
    let reply = await guess();
    while (reply.statusCode === 401) reply = await guess();
    expect(reply.statusCode).toBe(429);
    expect(reply.json().message).toMatch(
      /^Zu viele Versuche\. Bitte warten Sie \d+ Minuten? und versuchen Sie es erneut$/,
    );
  });

  it('reads the langcode header the way the client sends it', async () => {
    expect(languageOf('de')).toBe('de');
    expect(languageOf('FR')).toBe('fr');
    expect(languageOf(['it', 'de'])).toBe('it');
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('xx')).toBe('en');
  });
});
