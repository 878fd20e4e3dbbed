/**
 * antd's Select (rc-select) opens via `new MessageChannel()`, which the jsdom test environment lacks.
 * A timer-based stand-in: fake timers drive it like any other macrotask, and it holds no handle open.
 * (Belongs in test/components/setup.ts for everyone; kept here until the shared setup has it.)
 */
class TimerMessageChannel {
  port1: { onmessage: ((event: { data: unknown }) => void) | null } = { onmessage: null };
  port2 = {
    postMessage: (data: unknown) => {
      setTimeout(() => this.port1.onmessage?.({ data }), 0);
    },
  };
}

const scope = globalThis as { MessageChannel?: unknown };
if (typeof scope.MessageChannel === 'undefined') scope.MessageChannel = TimerMessageChannel;

export {};
