import type { Profile } from '../../../src/contract/Profile';

export const PROFILE: Profile = {
  _id: 'u1',
  roles: ['MAPUSER'],
  accessRights: [],
  sites: [],
  username: 'anna@example.ch',
  name: 'Anna Muster',
  email: 'anna@example.ch',
  phone: '+41 44 123 45 67',
  teams: [],
};

/** Fake timers that still let msw and promises run; userEvent advances them as it types. */
export function withSpecTimers() {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.runOnlyPendingTimers();
    jest.useRealTimers();
  });
}

/**
 * jsdom has no MessageChannel; antd's Form (rc-component/form useWatch batching) posts through one.
 * A microtask stand-in keeps the batching semantics and works under fake timers.
 */
if (typeof globalThis.MessageChannel === 'undefined') {
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
  (globalThis as unknown as { MessageChannel: unknown }).MessageChannel = MicrotaskMessageChannel;
}
