import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadingMask } from '../../../src/features/ui/LoadingMask';
import { SnackbarArea } from '../../../src/features/ui/SnackbarArea';
import { hideMask, showMask, showSnackbar } from '../../../src/features/ui/uiSlice';
import { SNACKBAR_HIDE_MS } from '../../../src/lib/timing';
import { renderWithProviders } from '../renderWithProviders';

function renderShell() {
  return renderWithProviders(
    <>
      <SnackbarArea />
      <LoadingMask />
    </>,
  );
}

afterEach(() => jest.useRealTimers());

describe('snackbars (spec §4 kinds)', () => {
  it('shows a translated message or a literal server text in the colour of its kind', () => {
    const { store } = renderShell();
    act(() => {
      store.dispatch(showSnackbar('success', { id: 'validation.required' }));
      store.dispatch(showSnackbar('error', { text: 'Invalid credentials' }));
      store.dispatch(showSnackbar('warning', { id: 'validation.maxLength', values: { max: 20 } }));
      store.dispatch(showSnackbar('info', { text: 'Info text' }));
      store.dispatch(showSnackbar('default', { text: 'Primary text' }));
    });
    const colours = Object.fromEntries(
      [...document.querySelectorAll<HTMLElement>('[data-kind]')].map((node) => [
        node.dataset.kind,
        [node.textContent, node.style.background],
      ]),
    );
    expect(colours).toEqual({
      success: ['Required', 'rgb(76, 175, 80)'],
      error: ['Invalid credentials', 'rgb(244, 67, 54)'],
      warning: ['Must be less than 20 characters', 'rgb(255, 152, 0)'],
      info: ['Info text', 'rgb(33, 150, 243)'],
      default: ['Primary text', 'rgb(33, 153, 165)'],
    });
  });

  it('closes with its close button', async () => {
    const { store } = renderShell();
    act(() => {
      store.dispatch(showSnackbar('error', { text: 'first' }));
      store.dispatch(showSnackbar('info', { text: 'second' }));
    });
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]);
    expect(screen.queryByText('first')).not.toBeInTheDocument();
    expect(screen.getByText('second')).toBeInTheDocument();
  });

  it('closes by itself after a while', async () => {
    jest.useFakeTimers();
    const { store } = renderShell();
    act(() => {
      store.dispatch(showSnackbar('info', { text: 'short-lived' }));
    });
    await act(() => jest.advanceTimersByTimeAsync(SNACKBAR_HIDE_MS - 1));
    expect(screen.getByText('short-lived')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('short-lived')).not.toBeInTheDocument();
  });
});

describe('loading mask (spec §2, §9)', () => {
  it('covers the screen at z-index 9999 while shown, and goes when hidden', () => {
    const { store } = renderShell();
    expect(screen.queryByTestId('loading-mask')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(showMask());
    });
    const mask = screen.getByTestId('loading-mask');
    expect(mask.style.position).toBe('fixed');
    expect(mask.style.zIndex).toBe('9999');
    act(() => {
      store.dispatch(hideMask());
    });
    expect(screen.queryByTestId('loading-mask')).not.toBeInTheDocument();
  });
});
