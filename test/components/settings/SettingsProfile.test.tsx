import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SaveProfileRequest } from '../../../src/contract/Accounts';
import { SettingsScreen } from '../../../src/features/settings/SettingsScreen';
import { SnackbarArea } from '../../../src/features/ui/SnackbarArea';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { profileFixture } from '../sessionFixture';
import { ADMIN_SESSION, USER_SESSION } from './settingsFixtures';

// antd forms in jsdom are slow on a loaded machine (the whole suite runs in parallel).
jest.setTimeout(60_000);

/** Sets an input's value in one change event (typing key by key into antd's inputs is slow under load). */
function fill(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

/** An antd button by its text (role queries with names are slow on antd's large DOM). */
function button(text: string | RegExp): HTMLElement {
  return screen.getByText(text, { selector: 'button' }).closest('button') as HTMLElement;
}
async function findButton(text: string | RegExp): Promise<HTMLElement> {
  return (await screen.findByText(text, { selector: 'button' })).closest('button') as HTMLElement;
}

let saved: SaveProfileRequest[] = [];
const server = startMswServer(
  http.get(apiUrl('/v1/secure/preferences/'), () =>
    HttpResponse.json({ emailSignature: '', avatarFileId: null }),
  ),
  http.post(apiUrl('/profile'), async ({ request }) => {
    const body = (await request.json()) as SaveProfileRequest;
    saved.push(body);
    return HttpResponse.json({
      error: false,
      message: 'Profile saved',
      profile: { ...USER_SESSION.profile, ...body },
    });
  }),
);
beforeEach(() => {
  saved = [];
});

function renderSettings(session = USER_SESSION) {
  return renderWithProviders(
    <>
      <SettingsScreen />
      <SnackbarArea />
    </>,
    { initialEntries: ['/settings'], preloadedState: { session } },
  );
}

describe('Settings: profile', () => {
  it('shows every profile field in read mode, with the teams, and only the Profile, Two-factor and API keys tabs to a map user', async () => {
    renderSettings();
    const details = await screen.findByRole('table');
    for (const text of [
      'Anna Muster',
      'anna@example.ch',
      '+41 44 000 00 00',
      'Muster Immobilien AG',
      'German',
    ]) {
      expect(within(details).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(within(details).getByText(/Bahnhofstrasse 1/)).toBeInTheDocument();
    expect(within(details).getByText('Valuation')).toBeInTheDocument();
    expect(within(details).getByText('Zug office')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Two-factor sign-in',
      'API keys',
    ]);
  });

  it('leaves the Teams row out when there are no teams', async () => {
    renderSettings({ ...USER_SESSION, profile: profileFixture({ teams: [] }) });
    await screen.findByRole('table');
    expect(screen.queryByText('Teams')).not.toBeInTheDocument();
  });

  it('the edit toggle opens the form; Save posts /profile and returns to read mode with the saved values', async () => {
    const { store } = renderSettings();
    await userEvent.click(await findButton(/Edit/));
    const name = screen.getByLabelText('Name');
    fill(name, '  Anna Beispiel ');
    fill(screen.getByLabelText('Phone number'), '079 123 45 67');
    expect(screen.getByLabelText('Username')).toBeDisabled();
    await userEvent.click(button('Save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      name: 'Anna Beispiel',
      email: 'anna@example.ch',
      phone: '079 123 45 67',
      companyName: 'Muster Immobilien AG',
      companyAddress: 'Bahnhofstrasse 1\n6300 Zug',
      defaultLanguage: 'de',
    });
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(screen.queryByText('Save', { selector: 'button' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('Anna Beispiel')).toBeInTheDocument();
    expect(store.getState().session.profile?.name).toBe('Anna Beispiel');
  });

  it("says 'Email is required' and posts nothing without an e-mail", async () => {
    renderSettings();
    await userEvent.click(await findButton(/Edit/));
    fill(screen.getByLabelText('E-mail'), '');
    await userEvent.click(button('Save'));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it("shows 'Error saving profile' and the server's reason when the save fails, staying in edit mode", async () => {
    server.use(
      http.post(apiUrl('/profile'), () =>
        HttpResponse.json({ error: true, message: 'The current password is not correct' }, { status: 400 }),
      ),
    );
    renderSettings();
    await userEvent.click(await findButton(/Edit/));
    await userEvent.click(button('Save'));
    expect(await screen.findByText('Error saving profile')).toBeInTheDocument();
    expect(screen.getByText('The current password is not correct')).toBeInTheDocument();
    expect(button('Save')).toBeInTheDocument();
  });

  it("shows 'Error saving profile' when the network fails", async () => {
    server.use(http.post(apiUrl('/profile'), () => HttpResponse.error()));
    renderSettings();
    await userEvent.click(await findButton(/Edit/));
    await userEvent.click(button('Save'));
    expect(await screen.findByText('Error saving profile')).toBeInTheDocument();
  });

  it('a new e-mail asks for the current password, sends it, and shows the address awaiting confirmation', async () => {
    server.use(
      http.post(apiUrl('/profile'), async ({ request }) => {
        const body = (await request.json()) as SaveProfileRequest;
        saved.push(body);
        return HttpResponse.json({
          error: false,
          message:
            'Profile saved. We have sent a link to anna@new.ch: your e-mail address changes when you open it',
          profile: { ...USER_SESSION.profile, pendingEmail: 'anna@new.ch' },
        });
      }),
    );
    renderSettings();
    await userEvent.click(await findButton(/Edit/));
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    fill(screen.getByLabelText('E-mail'), 'anna@new.ch');
    expect(
      await screen.findByText(/We will send a confirmation link to the new address/),
    ).toBeInTheDocument();
    await userEvent.click(button('Save'));
    expect(
      await screen.findByText('Please enter your current password to change your e-mail address'),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
    fill(screen.getByLabelText('Current password'), 'Right!Passw0rd');
    await userEvent.click(button('Save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ email: 'anna@new.ch', currentPassword: 'Right!Passw0rd' });
    expect(await screen.findByTestId('pending-email')).toHaveTextContent('anna@new.ch awaits confirmation');
  });

  it('shows the administrator tabs to an ADMIN and opens the tab named in the query string', async () => {
    server.use(
      http.get(apiUrl('/api/admin/sites'), () =>
        HttpResponse.json({ sites: [{ siteID: 'ZG-1', name: 'Zug Office', twoFactorRequired: true }] }),
      ),
    );
    renderWithProviders(<SettingsScreen />, {
      initialEntries: ['/settings?tab=sites'],
      preloadedState: { session: ADMIN_SESSION },
    });
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Two-factor sign-in',
      'API keys',
      'Accessible sites',
      'E-mail signature',
      'Users',
      'Coupons',
      'Company API keys',
    ]);
    expect(await screen.findByText('Zug Office')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Two factors required: Zug Office' })).toBeChecked();
  });
});
