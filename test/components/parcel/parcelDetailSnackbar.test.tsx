import { act, screen } from '@testing-library/react';
import { SnackbarArea } from '../../../src/features/ui/SnackbarArea';
import { showSnackbar } from '../../../src/features/ui/uiSlice';
import { renderWithProviders } from '../renderWithProviders';

describe('full-detail failure snackbar text (spec §8)', () => {
  it("reads the server message followed by 'Check your Plan and upgrade to receive more limits'", async () => {
    const { store } = renderWithProviders(<SnackbarArea />);
    act(() => {
      store.dispatch(
        showSnackbar('error', {
          id: 'parcel.detail.failed',
          values: { message: 'Full view limit reached.' },
        }),
      );
    });
    expect(
      await screen.findByText('Full view limit reached. Check your Plan and upgrade to receive more limits.'),
    ).toBeInTheDocument();
  });
});
