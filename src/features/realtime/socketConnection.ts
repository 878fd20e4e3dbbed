import { io, type Socket } from 'socket.io-client';

/** A message of the socket server (spec §7): an event with a type and data. */
export interface SocketMessage {
  type: string;
  data: unknown;
}

/** The one open socket; it lives here, never in the store. */
let socket: Socket | null = null;

/** Opens the socket with the main-server token as a query parameter (5 s connect timeout), replacing any old one. */
export function openSocket(url: string, token: string, onMessage: (message: SocketMessage) => void): void {
  closeSocket();
  socket = io(url, { query: { token }, timeout: 5000, transports: ['websocket', 'polling'] });
  socket.on('message', onMessage);
}

export function closeSocket(): void {
  socket?.close();
  socket = null;
}
