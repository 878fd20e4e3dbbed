import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import deDE from 'antd/locale/de_DE';
import frFR from 'antd/locale/fr_FR';
import itIT from 'antd/locale/it_IT';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import de from '../../translations/de.json';
import fr from '../../translations/fr.json';
import it from '../../translations/it.json';
import { provideLanguage } from '../../src/features/i18n/languageResources';

// Lazy route chunks (a layout with antd's theme, then the screen) are first transformed on demand: under a
// loaded CI machine that can take longer than RTL's default 1 s for findBy/waitFor. The assertions stay the same.
configure({ asyncUtilTimeout: 5000 });

// antd reads matchMedia for responsive behaviour; jsdom has none.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// antd measures elements with getComputedStyle(…, pseudo) which jsdom does not implement.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;

/**
 * jsdom has no MessageChannel; antd posts through one (rc-component/form useWatch batching, rc-select
 * opening). A microtask stand-in keeps the batching semantics and works under fake timers.
 */
class MicrotaskPort {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  peer: MicrotaskPort | null = null;
  postMessage(data: unknown) {
    queueMicrotask(() => this.peer?.onmessage?.({ data }));
  }
  close() {}
}
class MicrotaskMessageChannel {
  port1 = new MicrotaskPort();
  port2 = new MicrotaskPort();
  constructor() {
    this.port1.peer = this.port2;
    this.port2.peer = this.port1;
  }
}
const scope = globalThis as { MessageChannel?: unknown };
if (typeof scope.MessageChannel === 'undefined') scope.MessageChannel = MicrotaskMessageChannel;

// antd screens under jsdom are slow on a shared 2-core machine; the spec's delays run on fake timers anyway.
jest.setTimeout(30_000);

// The socket lives outside the store and talks to a real socket server; component tests do not open one.
jest.mock('../../src/features/realtime/socketConnection', () => ({
  openSocket: jest.fn(),
  closeSocket: jest.fn(),
}));

// The app loads a non-English catalogue (with antd's and dayjs's locale) before its first render
// (src/index.tsx); component tests render in any language at once, so all of them are registered here.
provideLanguage('de', { messages: de, antdLocale: deDE });
provideLanguage('fr', { messages: fr, antdLocale: frFR });
provideLanguage('it', { messages: it, antdLocale: itIT });

/**
 * antd's CSS-in-JS sheets go into the document with only their hiding rules (ADR 073). jsdom's
 * getComputedStyle matches every rule of every sheet against the element and each ancestor, and RTL's role
 * queries ask it for each candidate: with antd's thousands of rules that was most of a component test's time
 * (the component layer 397 → 182 CPU-s). jsdom lays nothing out, so the rules a test can observe are the ones
 * that hide (a closed drawer, a dropdown not open), and those stay.
 */
jest.mock('@rc-component/util/lib/Dom/dynamicCSS', () => {
  const actual = jest.requireActual<typeof import('@rc-component/util/lib/Dom/dynamicCSS')>(
    '@rc-component/util/lib/Dom/dynamicCSS',
  );
  const { antdHidingRules } = jest.requireActual<typeof import('./antdHidingRules')>('./antdHidingRules');
  return {
    ...actual,
    updateCSS: (css: string, key: string, option?: Parameters<typeof actual.updateCSS>[2]) =>
      actual.updateCSS(antdHidingRules(css), key, option),
    injectCSS: (css: string, option?: Parameters<typeof actual.injectCSS>[1]) =>
      actual.injectCSS(antdHidingRules(css), option),
  };
});
