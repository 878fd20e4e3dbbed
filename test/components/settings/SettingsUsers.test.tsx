import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { SettingsScreen } from '../../../src/features/settings/SettingsScreen';
import { rowActions } from '../../../src/features/settings/users/UsersTab';
import { SnackbarArea } from '../../../src/features/ui/SnackbarArea';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { ADMIN_SESSION, adminUser } from './settingsFixtures';

// A table of accounts with antd's dropdown is a large DOM for jsdom: allow for a loaded machine.
jest.setTimeout(60_000);

let queries: URLSearchParams[] = [];
let actions: string[] = [];
const locked = adminUser({
  id: 'u-2',
  username: 'cleo@example.ch',
  email: 'cleo@example.ch',
  name: 'Cleo',
  locked: true,
  lockedUntil: Date.now() + 60_000,
  plan: null,
  sites: [],
});
const invited = adminUser({
  id: 'u-3',
  username: 'dan@example.ch',
  email: 'dan@example.ch',
  name: 'Dan',
  status: 'invited',
  lastLoginAt: null,
});
startMswServer(
  http.get(apiUrl('/api/admin/users'), ({ request }) => {
    const params = new URL(request.url).searchParams;
    queries.push(params);
    return HttpResponse.json({
      items: [adminUser(), locked, invited],
      total: 43,
      page: Number(params.get('page')),
      size: 20,
    });
  }),
  http.post(apiUrl('/api/admin/users/:id/:action'), ({ params }) => {
    actions.push(`${String(params.id)} ${String(params.action)}`);
    return HttpResponse.json({
      error: false,
      message: 'Account unlocked',
      user: { ...locked, locked: false },
    });
  }),
);
beforeEach(() => {
  queries = [];
  actions = [];
});

function renderUsers() {
  return renderWithProviders(
    <>
      <SettingsScreen />
      <SnackbarArea />
    </>,
    { initialEntries: ['/settings?tab=users'], preloadedState: { session: ADMIN_SESSION } },
  );
}

describe('Settings: Users tab (administrators)', () => {
  it('lists accounts with roles, sites, plan, last login and state, 43 in all', async () => {
    renderUsers();
    const row = (await screen.findByText('Ben Beispiel')).closest('tr') as HTMLElement;
    expect(within(row).getByText('MAPUSER')).toBeInTheDocument();
    expect(within(row).getByText('Zug Office')).toBeInTheDocument();
    expect(within(row).getByText('Standard Plan')).toBeInTheDocument();
    expect(within(row).getByText('20/11/2026 08:30')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(
      within(screen.getByText('Cleo').closest('tr') as HTMLElement).getByText('Locked'),
    ).toBeInTheDocument();
    const dan = screen.getByText('Dan').closest('tr') as HTMLElement;
    expect(within(dan).getByText('Invited')).toBeInTheDocument();
    expect(within(dan).getByText('Never')).toBeInTheDocument();
    expect(screen.getByText('43 accounts')).toBeInTheDocument();
    expect(queries[0].get('page')).toBe('1');
  });

  it('searches from page 1 and pages through the server', async () => {
    renderUsers();
    await screen.findByText('Ben Beispiel');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));
    const search = screen.getByLabelText('Search name, username or e-mail');
    fireEvent.change(search, { target: { value: 'cleo' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('cleo'));
    expect(queries.at(-1)?.get('page')).toBe('1');
  });

  it('offers unlock only for a locked account, resend only for an invited one, and runs the action', async () => {
    renderUsers();
    await screen.findByText('Cleo');
    expect(rowActions(adminUser())).toEqual(['access', 'end-sessions']);
    expect(rowActions(invited)).toEqual(['access', 'resend-invitation', 'end-sessions']);
    // fireEvent rather than userEvent: its pointer simulation over antd's large table takes seconds in jsdom.
    fireEvent.click(screen.getByLabelText('Actions for Cleo'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('End all sessions')).toBeInTheDocument();
    expect(within(menu).queryByText('Resend invitation')).not.toBeInTheDocument();
    fireEvent.click(within(menu).getByText('Unlock'));
    expect(await screen.findByText('Account unlocked')).toBeInTheDocument();
    expect(actions).toEqual(['u-2 unlock']);
  });
});
