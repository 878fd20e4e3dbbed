import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { MapLayout } from '../../../src/app/layouts/MapLayout';
import type { AppPreloadedState } from '../../../src/store/storeTypes';
import type { SubscriptionResponse } from '../../../src/contract/Subscription';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { profileFixture, sessionFixture } from '../sessionFixture';

const SUBSCRIPTION: SubscriptionResponse = {
  subscription: {
    status: 'active',
    end: '2027-03-05T14:07:00.000Z',
    plan: { product: 'Standard Plan', limits: { max_advance_search: 350 } },
    usage: { advance_search: 12 },
  },
};

let avatarFileId: string | null = null;
startMswServer(
  http.get(apiUrl('/v1/secure/subscriptions'), () => HttpResponse.json(SUBSCRIPTION)),
  http.get(apiUrl('/v1/secure/preferences/'), () => HttpResponse.json({ emailSignature: '', avatarFileId })),
  http.get(apiUrl('/v1/secure/file-items/:id'), ({ request }) => {
    expect(request.headers.get('authorization')).toBe('Bearer main-token');
    return new HttpResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
      headers: { 'content-type': 'image/png' },
    });
  }),
);
beforeEach(() => {
  avatarFileId = null;
});

function renderMapLayout(preloadedState?: AppPreloadedState) {
  return renderWithProviders(
    <Routes>
      <Route element={<MapLayout />}>
        <Route path="/" element={<p>map screen</p>} />
        <Route path="*" element={<p>other screen</p>} />
      </Route>
    </Routes>,
    { initialEntries: ['/'], preloadedState },
  );
}

async function openAccountMenu(): Promise<HTMLElement> {
  await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
  return screen.findByRole('menu');
}

function menuItemNames(menu: HTMLElement): string[] {
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
}

describe('map layout top bar (spec §2)', () => {
  it("shows an 'M' avatar to an anonymous visitor, with search, join and login in its menu", async () => {
    renderMapLayout();
    expect(screen.getByText('map screen')).toBeInTheDocument();
    expect(screen.getByTestId('avatar')).toHaveTextContent(/^M$/);
    expect(screen.queryByTestId('plan-button')).not.toBeInTheDocument();
    const menu = await openAccountMenu();
    expect(menuItemNames(menu)).toEqual(['Search', 'Join', 'Login']);
  });

  it.each([
    ['Search', '/'],
    ['Join', '/register'],
    ['Login', '/login'],
  ])('the anonymous menu item %s goes to %s', async (item, path) => {
    renderMapLayout();
    const menu = await openAccountMenu();
    await userEvent.click(within(menu).getByText(item));
    expect(screen.getByTestId('location').textContent).toBe(path);
  });

  it("shows the first letter of the user's name and the plan's product name when logged in", async () => {
    renderMapLayout({ session: sessionFixture({ profile: profileFixture({ name: 'zoe Keller' }) }) });
    expect(screen.getByTestId('avatar')).toHaveTextContent(/^Z$/);
    expect(await screen.findByRole('button', { name: /Standard Plan/ })).toBeInTheDocument();
  });

  it("falls back to 'M' when the logged-in user has no name", () => {
    renderMapLayout({ session: sessionFixture({ profile: profileFixture({ name: '' }) }) });
    expect(screen.getByTestId('avatar')).toHaveTextContent(/^M$/);
  });

  it('offers name, plan, notifications, logout and language in the logged-in menu', async () => {
    renderMapLayout({ session: sessionFixture() });
    const menu = await openAccountMenu();
    expect(menuItemNames(menu)).toEqual(['Anna Muster', 'Plan', 'Notifications', 'Logout', 'Language']);
    await userEvent.click(within(menu).getByText('Logout'));
    expect(screen.getByTestId('location').textContent).toBe('/logout');
  });

  it('opens the plan dialog from the Plan button', async () => {
    renderMapLayout({ session: sessionFixture() });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /Standard Plan/ }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Standard Plan');
  });

  it("opens the plan dialog from the menu's Plan item", async () => {
    renderMapLayout({ session: sessionFixture() });
    const menu = await openAccountMenu();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(within(menu).getByText('Plan'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Standard Plan');
  });

  it('shows the uploaded avatar instead of the letter, fetched with the main token', async () => {
    avatarFileId = '0b5c3f2e-0000-4000-8000-000000000001';
    const created: Blob[] = [];
    // jsdom has no object URLs: record the blob and hand out a stand-in URL.
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:avatar-1';
    };
    URL.revokeObjectURL = () => undefined;
    renderMapLayout({ session: sessionFixture() });
    // The picture is decorative (alt ""): the button around it already says what it is.
    const image = await within(screen.getByTestId('avatar')).findByRole('presentation');
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('src', 'blob:avatar-1');
    expect(image.closest('button')).toHaveAccessibleName('Account menu');
    expect(created[0].type).toBe('image/png');
  });
});
