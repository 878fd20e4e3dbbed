import '@testing-library/jest-dom';

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
