import { mainApi } from '../../api/mainApi';
import { runtimeConfig } from '../../app/runtimeConfig';
import type { AppStartListening } from '../../app/store';
import { selectMainToken } from '../auth/sessionSlice';
import { closeSocket, openSocket, type SocketMessage } from './socketConnection';

/** Server events that change what the plan dialog and the Plan button show. */
const SUBSCRIPTION_EVENTS = new Set(['usage-changed', 'plan-changed']);

/** The socket follows the main-server token: opened when one arrives (login, authorise, rehydrate), closed on logout. */
export function addRealtimeListeners(startListening: AppStartListening): void {
  startListening({
    predicate: (_action, current, previous) => selectMainToken(current) !== selectMainToken(previous),
    effect: (_action, api) => {
      const token = selectMainToken(api.getState());
      if (!token) {
        closeSocket();
        return;
      }
      openSocket(runtimeConfig().socketUrl, token, (message: SocketMessage) => {
        if (SUBSCRIPTION_EVENTS.has(message.type))
          api.dispatch(mainApi.util.invalidateTags(['Subscription']));
      });
    },
  });
}
