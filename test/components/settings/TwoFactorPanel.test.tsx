import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TwoFactorStatus } from '../../../src/contract/TwoFactor';
import { TwoFactorPanel } from '../../../src/features/settings/twoFactor/TwoFactorPanel';
import { ChangePasswordStep } from '../../../src/features/settings/ChangePasswordStep';
import { startAuthentication } from '@simplewebauthn/browser';
import { SnackbarArea } from '../../../src/features/ui/SnackbarArea';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';
import { USER_SESSION } from './settingsFixtures';

jest.mock('@simplewebauthn/browser', () => ({ startAuthentication: jest.fn() }));
const startAuthenticationMock = startAuthentication as jest.MockedFunction<typeof startAuthentication>;

// antd forms in jsdom are slow on a loaded machine (the whole suite runs in parallel).
jest.setTimeout(60_000);

const NEW_CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);

let status: TwoFactorStatus;
let renewCalls: unknown[] = [];
let renameCalls: { id: string; body: unknown }[] = [];
let passwordCalls: unknown[] = [];
startMswServer(
  http.post(apiUrl('/api/user/two-factor/passkeys/confirm-options'), () =>
    HttpResponse.json({ challenge: 'confirm-1', allowCredentials: [{ id: 'cred-1', type: 'public-key' }] }),
  ),
  http.post(apiUrl('/api/admin/update-password'), async ({ request }) => {
    passwordCalls.push(await request.json());
    return HttpResponse.json({ error: false, message: 'Password updated successfully', token: 'fresh' });
  }),
  http.get(apiUrl('/api/user/two-factor'), () => HttpResponse.json(status)),
  http.post(apiUrl('/api/user/two-factor/recovery-codes'), async ({ request }) => {
    const body = (await request.json()) as { currentPassword: string };
    renewCalls.push(body);
    if (body.currentPassword !== 'Str0ng!Pass')
      return HttpResponse.json(
        { error: true, message: 'The current password is not correct' },
        { status: 400 },
      );
    status = { ...status, recoveryCodesLeft: 10 };
    return HttpResponse.json({
      error: false,
      message: 'New recovery codes are ready. The old ones no longer work',
      recoveryCodes: NEW_CODES,
    });
  }),
  http.post(apiUrl('/api/user/two-factor/passkeys/:id'), async ({ request, params }) => {
    const body = (await request.json()) as { name: string };
    renameCalls.push({ id: String(params.id), body });
    status = { ...status, passkeys: status.passkeys.map((p) => ({ ...p, name: body.name })) };
    return HttpResponse.json({ error: false, message: 'Passkey renamed' });
  }),
);

beforeEach(() => {
  status = {
    totp: true,
    recoveryCodesLeft: 2,
    required: false,
    passkeys: [{ id: 'cred-1', name: 'Laptop', createdAt: Date.UTC(2026, 9, 1), lastUsedAt: null }],
  };
  renewCalls = [];
  renameCalls = [];
  passwordCalls = [];
  startAuthenticationMock.mockReset();
});

function renderPanel() {
  return renderWithProviders(
    <>
      <TwoFactorPanel />
      <SnackbarArea />
    </>,
    { preloadedState: { session: USER_SESSION } },
  );
}

const button = (text: string | RegExp) =>
  screen.getByText(text, { selector: 'button, button span' }).closest('button') as HTMLElement;

describe('two-factor settings', () => {
  it('renews the recovery codes with the password and a code and shows the new ones once', async () => {
    renderPanel();
    expect(await screen.findByText('2 recovery codes left')).toBeInTheDocument();
    fireEvent.click(button('New recovery codes'));
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'wrong' } });
    fireEvent.change(screen.getByLabelText(/Authenticator code/), { target: { value: '123456' } });
    fireEvent.click(button('New recovery codes'));
    expect(await screen.findByText('The current password is not correct')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Str0ng!Pass' } });
    fireEvent.click(button('New recovery codes'));
    const list = await screen.findByTestId('recovery-codes');
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(list).toHaveTextContent(NEW_CODES[9]);
    expect(renewCalls).toEqual([
      { currentPassword: 'wrong', code: '123456' },
      { currentPassword: 'Str0ng!Pass', code: '123456' },
    ]);
    fireEvent.click(button('I have saved the codes'));
    expect(await screen.findByText('10 recovery codes left')).toBeInTheDocument();
  });

  it('renames a passkey in place; an empty name is refused before any call', async () => {
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename: Laptop' }));
    const input = screen.getByLabelText('New name of the passkey');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(button('Save'));
    expect(await screen.findByText(/Please give the passkey a name/)).toBeInTheDocument();
    expect(renameCalls).toEqual([]);
    fireEvent.change(input, { target: { value: 'Office YubiKey' } });
    fireEvent.click(button('Save'));
    await waitFor(() => expect(renameCalls).toEqual([{ id: 'cred-1', body: { name: 'Office YubiKey' } }]));
    expect(await screen.findByText('Office YubiKey')).toBeInTheDocument();
    expect(screen.queryByLabelText('New name of the passkey')).not.toBeInTheDocument();
  });

  it('confirms a password change with a passkey when the account has passkeys only; nothing is sent without it', async () => {
    status = { ...status, totp: false };
    const answer = {
      id: 'cred-1',
      rawId: 'cred-1',
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
    };
    renderWithProviders(<ChangePasswordStep onBack={() => undefined} />, {
      preloadedState: { session: USER_SESSION },
    });
    expect(
      await screen.findByText(
        'When you save, your browser asks you to confirm this change with one of your passkeys.',
      ),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'N3w!Passphrase' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'N3w!Passphrase' } });
    startAuthenticationMock.mockRejectedValueOnce(new Error('NotAllowedError'));
    fireEvent.click(button('Save New Password'));
    expect(
      await screen.findByText('The change needs your passkey. Nothing was saved; please try again'),
    ).toBeInTheDocument();
    expect(passwordCalls).toEqual([]);
    startAuthenticationMock.mockResolvedValueOnce(answer);
    fireEvent.click(button('Save New Password'));
    await waitFor(() =>
      expect(passwordCalls).toEqual([
        { password: 'N3w!Passphrase', confirmPassword: 'N3w!Passphrase', currentPasskey: answer },
      ]),
    );
    expect(startAuthenticationMock).toHaveBeenLastCalledWith({
      optionsJSON: { challenge: 'confirm-1', allowCredentials: [{ id: 'cred-1', type: 'public-key' }] },
    });
  });
});
