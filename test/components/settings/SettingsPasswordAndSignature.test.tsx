import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { UpdatePasswordRequest } from '../../../src/contract/Accounts';
import { SettingsScreen } from '../../../src/features/settings/SettingsScreen';
import { SnackbarArea } from '../../../src/features/ui/SnackbarArea';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
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

/**
 * A click without userEvent's pointer-events walk (it reads the computed style of every ancestor of antd's
 * large tree; with both cores busy each test ran over 60 s). The settings screen hides nothing behind
 * `pointer-events: none`.
 */
function click(element: Element) {
  return userEvent.click(element, { pointerEventsCheck: PointerEventsCheckLevel.Never });
}

let passwordCalls: UpdatePasswordRequest[] = [];
let signatures: string[] = [];
const server = startMswServer(
  http.get(apiUrl('/v1/secure/preferences/'), () =>
    HttpResponse.json({ emailSignature: '<p><strong>Ada</strong> Admin</p>', avatarFileId: null }),
  ),
  http.post(apiUrl('/api/admin/update-password'), async ({ request }) => {
    passwordCalls.push((await request.json()) as UpdatePasswordRequest);
    return HttpResponse.json({
      error: false,
      message: 'Password updated successfully',
      token: 'fresh-sso-token',
    });
  }),
  http.post(apiUrl('/v1/secure/preferences/email-signature'), async ({ request }) => {
    const { emailSignature } = (await request.json()) as { emailSignature: string };
    signatures.push(emailSignature);
    return HttpResponse.json({ error: false, message: 'Updated email signature', emailSignature });
  }),
);
beforeEach(() => {
  passwordCalls = [];
  signatures = [];
});

function renderSettings(session = USER_SESSION, entry = '/settings') {
  return renderWithProviders(
    <>
      <SettingsScreen />
      <SnackbarArea />
    </>,
    { initialEntries: [entry], preloadedState: { session } },
  );
}

async function openPasswordStep() {
  await click(await findButton(/Change password/));
  return findButton('Save New Password');
}

describe('Settings: change password step', () => {
  it("says 'Please enter password and confirm password' and 'Password and confirm password do not match'", async () => {
    renderSettings();
    const save = await openPasswordStep();
    await click(save);
    expect(await screen.findByText('Please enter password and confirm password')).toBeInTheDocument();
    fill(screen.getByLabelText('Password'), 'New!Passw0rd');
    fill(screen.getByLabelText('Confirm password'), 'New!Passw0rX');
    await click(save);
    expect(await screen.findByText('Password and confirm password do not match')).toBeInTheDocument();
    expect(passwordCalls).toEqual([]);
  });

  it('saves the new password with the current one, says so, keeps this session and returns to the profile', async () => {
    const { store } = renderSettings();
    const save = await openPasswordStep();
    fill(screen.getByLabelText('Current password'), 'Old!Passw0rd');
    fill(screen.getByLabelText('Password'), ' New!Passw0rd ');
    fill(screen.getByLabelText('Confirm password'), 'New!Passw0rd');
    await click(save);
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    expect(passwordCalls).toEqual([
      { password: 'New!Passw0rd', confirmPassword: 'New!Passw0rd', currentPassword: 'Old!Passw0rd' },
    ]);
    await waitFor(() => expect(store.getState().session.ssoToken?.value).toBe('fresh-sso-token'));
    expect(button(/Edit/)).toBeInTheDocument();
  });

  it("shows the server's refusal in the form and stays on the step; Back returns to the profile", async () => {
    server.use(
      http.post(apiUrl('/api/admin/update-password'), () =>
        HttpResponse.json({ error: true, message: 'The current password is not correct' }, { status: 400 }),
      ),
    );
    renderSettings();
    const save = await openPasswordStep();
    fill(screen.getByLabelText('Password'), 'New!Passw0rd');
    fill(screen.getByLabelText('Confirm password'), 'New!Passw0rd');
    await click(save);
    expect(await screen.findByText('The current password is not correct')).toBeInTheDocument();
    await click(button('Back'));
    expect(await findButton(/Edit/)).toBeInTheDocument();
  });
});

describe('Settings: e-mail signature editor (administrators)', () => {
  it('loads the stored signature, offers every tool of the spec, and saves a list with Updated email signature', async () => {
    renderSettings(ADMIN_SESSION, '/settings?tab=signature');
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    // The tools are looked up in the toolbar only: label queries over the whole settings screen, 14 of them,
    // pushed this test past its timeout with both cores busy.
    const toolbar = within(document.querySelector('[role="toolbar"]') as HTMLElement);
    for (const tool of [
      'Bold',
      'Italic',
      'Strikethrough',
      'Clear formatting',
      'H1, Heading 1',
      'H2, Heading 2',
      'H3, Heading 3',
      'H4, Heading 4',
      'Bullet list',
      'Numbered list',
      'Quote',
      'Undo',
      'Redo',
      'Insert image',
    ]) {
      expect(toolbar.getByLabelText(tool)).toBeInstanceOf(HTMLButtonElement);
    }
    const save = button('Save signature');
    expect(save).toBeDisabled();
    await click(toolbar.getByLabelText('Bullet list'));
    expect(toolbar.getByLabelText('Bullet list')).toHaveAttribute('aria-pressed', 'true');
    await click(save);
    expect(await screen.findByText('Updated email signature')).toBeInTheDocument();
    expect(signatures).toEqual(['<ul><li><strong>Ada</strong> Admin</li></ul>']);
    // Undo takes the list back.
    await click(toolbar.getByLabelText('Undo'));
    expect(toolbar.getByLabelText('Bullet list')).toHaveAttribute('aria-pressed', 'false');
  });

  it("says 'Failed to update email signature' when the save fails", async () => {
    server.use(http.post(apiUrl('/v1/secure/preferences/email-signature'), () => HttpResponse.error()));
    renderSettings(ADMIN_SESSION, '/settings?tab=signature');
    await screen.findByText('Ada');
    await click(screen.getByLabelText('H2, Heading 2'));
    await click(button('Save signature'));
    expect(await screen.findByText('Failed to update email signature')).toBeInTheDocument();
  });
});
