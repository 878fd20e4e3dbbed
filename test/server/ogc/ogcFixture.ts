import type { CreateApiKeyResponse, ApiKeyScope } from '../../../src/contract/ApiKeys';
import { addMonths } from '../../../server/services/quota/subscriptionPeriod';
import { createSubscriptionRepository } from '../../../server/store/sqlite/subscriptions/createSubscriptionRepository';
import { buildTestDataset } from '../helpers/buildTestDataset';
import type { TestApp } from '../helpers/createTestApp';
import { createTestApp, signIn, type SignedIn } from '../helpers/createTestApp';

/** Gives the user a plan with `fullViews` full views this period (the trial allows 10). */
export function subscribeWithFullViews(t: TestApp, userId: string, fullViews: number): void {
  const start = new Date(Date.now() - 60_000);
  createSubscriptionRepository(t.db).save({
    userId,
    planId: null,
    product: 'Test plan',
    status: 'active',
    periodStart: start.toISOString(),
    periodEnd: addMonths(start, 1).toISOString(),
    intervalMonths: 1,
    cancelAtPeriodEnd: false,
    limits: { advance_search: 100, full_view: fullViews, report_download: 10 },
    provider: 'test',
    providerCustomerId: null,
    providerSubscriptionId: null,
  });
}

/** Creates a key through the API, as Settings does. */
export async function createKey(
  t: TestApp,
  session: SignedIn,
  scopes: ApiKeyScope[] = ['features', 'tiles'],
  name = 'QGIS office',
): Promise<CreateApiKeyResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/secure/api-keys',
    headers: session.headers,
    payload: { name, scopes, expiresInDays: 90 },
  });
  if (response.statusCode !== 201) throw new Error(`key not created: ${response.body}`);
  return response.json<CreateApiKeyResponse>();
}

/** A map user with a plan of `fullViews` full views and a key of both scopes. */
export async function keyHolder(t: TestApp, fullViews = 100_000, roles = ['MAPUSER']) {
  const session = await signIn(t.app, { roles });
  subscribeWithFullViews(t, session.user.id, fullViews);
  const { secret, key } = await createKey(t, session);
  return { session, secret, key, bearer: { authorization: `Bearer ${secret}` } };
}

/** A test app with the test dataset and a key holder (keyHolder), for a file's beforeAll. */
export async function appWithDataset(): Promise<{ t: TestApp; bearer: { authorization: string } }> {
  const t = await createTestApp();
  buildTestDataset(t.db);
  return { t, bearer: (await keyHolder(t)).bearer };
}
