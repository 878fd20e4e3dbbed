import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  ConfirmEmailChangeScreen,
  UndoEmailChangeScreen,
} from '../../../src/features/settings/EmailChangeScreen';
import { apiUrl, startMswServer } from '../msw';
import { renderWithProviders } from '../renderWithProviders';

let keys: string[] = [];
const server = startMswServer(
  http.post(apiUrl('/api/user/confirm-email-change'), async ({ request }) => {
    keys.push(((await request.json()) as { key: string }).key);
    return HttpResponse.json({ error: false, message: 'Your e-mail address has been changed' });
  }),
  http.post(apiUrl('/api/user/undo-email-change'), async ({ request }) => {
    keys.push(((await request.json()) as { key: string }).key);
    return HttpResponse.json({
      error: false,
      message: 'The e-mail change was cancelled. Your e-mail address stays as it was',
    });
  }),
);
beforeEach(() => {
  keys = [];
});

describe('the mailed e-mail change links', () => {
  it('confirm: sends the key once, without a token, and says the address changed', async () => {
    renderWithProviders(<ConfirmEmailChangeScreen />, {
      initialEntries: ['/email-change/confirm/KEY-1'],
      path: '/email-change/confirm/:key',
    });
    expect(await screen.findByText('Your e-mail address has been changed')).toBeInTheDocument();
    expect(screen.getByText('Confirm your new e-mail address')).toBeInTheDocument();
    expect(keys).toEqual(['KEY-1']);
    expect(screen.getByRole('button', { name: 'Go to Login' })).toBeInTheDocument();
  });

  it('undo: says the change was cancelled', async () => {
    renderWithProviders(<UndoEmailChangeScreen />, {
      initialEntries: ['/email-change/undo/KEY-2'],
      path: '/email-change/undo/:key',
    });
    expect(await screen.findByText(/The e-mail change was cancelled/)).toBeInTheDocument();
    expect(keys).toEqual(['KEY-2']);
  });

  it("shows the server's refusal of a spent or expired link with the way to login", async () => {
    server.use(
      http.post(apiUrl('/api/user/confirm-email-change'), () =>
        HttpResponse.json(
          { error: true, message: 'This link is invalid, expired or already used' },
          { status: 400 },
        ),
      ),
    );
    renderWithProviders(<ConfirmEmailChangeScreen />, {
      initialEntries: ['/email-change/confirm/OLD'],
      path: '/email-change/confirm/:key',
    });
    expect(await screen.findByText('This link is invalid, expired or already used')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to Login' })).toBeInTheDocument();
  });
});
