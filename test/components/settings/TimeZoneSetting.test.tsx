import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Preferences } from '../../../src/contract/Settings';
import { TimeZoneSetting, timeZoneLabel } from '../../../src/features/settings/TimeZoneSetting';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { USER_SESSION } from './settingsFixtures';

jest.setTimeout(60_000);

let stored: Preferences = { emailSignature: '', avatarFileId: null, timeZone: 'Europe/Zurich' };
const posted: unknown[] = [];
const server = startMswServer(
  http.get(apiUrl('/v1/secure/preferences/'), () => HttpResponse.json(stored)),
  http.post(apiUrl('/v1/secure/preferences/time-zone'), async ({ request }) => {
    const body = (await request.json()) as { timeZone: string };
    posted.push(body);
    stored = { ...stored, timeZone: body.timeZone };
    return HttpResponse.json(stored);
  }),
);
beforeEach(() => {
  stored = { emailSignature: '', avatarFileId: null, timeZone: 'Europe/Zurich' };
  posted.length = 0;
});

/** Renders the setting once the stored zone shows, then types into its search and picks an option. */
async function chooseZone(typed: string, option: string) {
  const rendered = renderWithProviders(<TimeZoneSetting />, { preloadedState: { session: USER_SESSION } });
  await screen.findByText('Europe / Zurich');
  const input = screen.getByRole('combobox', { name: 'Time zone' });
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: typed } });
  fireEvent.click(await screen.findByTitle(option));
  return rendered;
}

describe('TimeZoneSetting', () => {
  it('reads IANA names as people do', () => {
    expect(timeZoneLabel('America/Argentina/Buenos_Aires')).toBe('America / Argentina / Buenos Aires');
  });

  it('shows the stored zone, finds a zone by typing, and saves the one chosen', async () => {
    const { store } = await chooseZone('new york', 'America / New York');
    await waitFor(() => expect(posted).toEqual([{ timeZone: 'America/New_York' }]));
    await waitFor(() =>
      expect(store.getState().ui.snackbars.at(-1)?.message).toEqual({
        id: 'settings.timeZone.saved',
        values: { zone: 'America / New York' },
      }),
    );
    // The refetched preferences show the zone now stored.
    await waitFor(() =>
      expect(screen.getByTestId('time-zone-setting')).toHaveTextContent('America / New York'),
    );
  });

  it("tells the server's refusal", async () => {
    server.use(
      http.post(apiUrl('/v1/secure/preferences/time-zone'), () =>
        HttpResponse.json({ error: true, message: 'Choose a time zone from the list' }, { status: 400 }),
      ),
    );
    const { store } = await chooseZone('tokyo', 'Asia / Tokyo');
    await waitFor(() => expect(store.getState().ui.snackbars.at(-1)?.kind).toBe('error'));
    expect(JSON.stringify(store.getState().ui.snackbars.at(-1)?.message)).toContain(
      'Choose a time zone from the list',
    );
  });
});
