import type { Socket } from 'socket.io-client';

/** A message of the socket server (spec §7): an event with a type and data. */
export interface SocketMessage {
  type: string;
  data: unknown;
}

/** The one open socket; it lives here, never in the store. */
let socket: Socket | null = null;
/** Counts open/close calls, so a socket whose client library arrives after a newer call is not opened. */
let generation = 0;

/**
 * Opens the socket with the main-server token as a query parameter (5 s connect timeout), replacing any old
 * one. socket.io-client is a chunk of its own, loaded with the first main token (it is not part of the
 * first load of /login). socket.io reconnects by itself when the connection drops (a server restarting);
 * `onReconnect` then fetches again what the events missed meanwhile would have announced.
 */
export function openSocket(
  url: string,
  token: string,
  onMessage: (message: SocketMessage) => void,
  onReconnect: () => void,
): void {
  closeSocket();
  const opening = generation;
  void import(/* webpackChunkName: "socket-client" */ 'socket.io-client').then(({ io }) => {
    if (opening !== generation) return;
    socket = io(url, { query: { token }, timeout: 5000, transports: ['websocket', 'polling'] });
    socket.on('message', onMessage);
    socket.io.on('reconnect', onReconnect);
  });
}

export function closeSocket(): void {
  generation += 1;
  socket?.close();
  socket = null;
}
