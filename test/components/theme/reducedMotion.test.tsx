import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { IntlProvider } from 'react-intl';
import { AntdTheme } from '../../../src/theme/AntdTheme';
import { REDUCED_MOTION_QUERY } from '../../../src/theme/reducedMotion';
import { BottomSheet } from '../../../src/features/mapView/layout/BottomSheet';

/** A system setting "reduce motion" that a test can turn on and off, telling the page as a browser does. */
function systemMotionSetting(reduce: boolean) {
  let matches = reduce;
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      matches: query === REDUCED_MOTION_QUERY && matches,
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  return {
    set(next: boolean) {
      matches = next;
      act(() => listeners.forEach((listener) => listener()));
    },
    restore: () => (window.matchMedia = original),
  };
}

function MotionDuration() {
  const { token } = theme.useToken();
  return <output data-testid="motion">{token.motionDurationMid}</output>;
}

describe('reduced motion (WCAG 2.3.3)', () => {
  it("takes antd's motion away while the system asks for reduced motion, and gives it back when it no longer does", () => {
    const setting = systemMotionSetting(true);
    try {
      render(
        <IntlProvider locale="en" messages={{}}>
          <AntdTheme>
            <MotionDuration />
          </AntdTheme>
        </IntlProvider>,
      );
      expect(screen.getByTestId('motion')).toHaveTextContent('0s');
      setting.set(false);
      expect(screen.getByTestId('motion')).toHaveTextContent('0.2s');
    } finally {
      setting.restore();
    }
  });

  it('folds and unfolds the phone sheet without sliding when the system asks for reduced motion', () => {
    const setting = systemMotionSetting(true);
    try {
      render(
        <IntlProvider locale="en" messages={{}} onError={() => undefined}>
          <BottomSheet open={false} onToggle={() => undefined}>
            results
          </BottomSheet>
        </IntlProvider>,
      );
      expect(screen.getByTestId('bottom-sheet').style.transition).toBe('');
      setting.set(false);
      expect(screen.getByTestId('bottom-sheet').style.transition).toBe('height 0.2s ease');
    } finally {
      setting.restore();
    }
  });
});
