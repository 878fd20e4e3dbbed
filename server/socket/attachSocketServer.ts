import { Server } from 'socket.io';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../AppContext';
import { SESSIONS_REVOKED } from '../services/sessions/SessionService';
import { CADASTRE_IMPORT_PROGRESS_EVENT } from '../../src/contract/CadastreImport';
import { EXPORT_JOB_EVENT } from '../../src/contract/ExportJobs';
import { NOTIFICATION_EVENT } from '../../src/contract/PushNotifications';
import { LIST_CHANGED_EVENT } from '../../src/contract/ParcelLists';
import { SAVED_SEARCH_CHANGED_EVENT } from '../../src/contract/SavedSearches';
import { DatabaseUnavailableError } from '../store/contract/DatabaseUnavailableError';
import { TWO_FACTOR_SETUP_REQUIRED } from '../http/requireRole';

/**
 * Events other modules emit on ctx.events with a {userId} payload, pushed to that user's open sockets;
 * 'notification' carries the in-app notification as `data.notification` (NotificationService).
 */
export const PUSHED_EVENTS = [
  'usage-changed',
  'plan-changed',
  NOTIFICATION_EVENT,
  CADASTRE_IMPORT_PROGRESS_EVENT,
  LIST_CHANGED_EVENT,
  SAVED_SEARCH_CHANGED_EVENT,
  EXPORT_JOB_EVENT,
] as const;

/**
 * The socket server of spec §7 on the same port: the browser connects with its main-server token as the
 * `token` query parameter; each socket joins its user's room, and server events reach it as
 * `message` {type, data}. Each socket also joins its session's room: when that session is revoked (logout,
 * password change or reset) its sockets are disconnected at once. On PostgreSQL the broadcasts fan out to
 * every instance (the storage's socketFanOut).
 */
export function attachSocketServer(app: FastifyInstance, ctx: AppContext): Server {
  const io = new Server(app.server, { serveClient: false, cors: { origin: true } });
  // Several instances on one PostgreSQL: a broadcast reaches the user's sockets on every instance.
  const closeFanOut =
    ctx.socketFanOut === null
      ? null
      : ctx.socketFanOut(io, (error) =>
          app.log.warn({ err: error }, 'socket fan-out through PostgreSQL failed'),
        );
  io.use(async (socket, next) => {
    try {
      const token = socket.handshake.query.token ?? socket.handshake.auth?.token;
      const claims = await ctx.tokens.verify('main', typeof token === 'string' ? token : null);
      const user = await ctx.resolveSession(claims);
      if (!user) return next(new Error('Your session has ended. Please log in again'));
      // The same hold as every HTTP route: a company's requirement keeps the events away until enrolment.
      if (await ctx.accounts.twoFactorSetupRequired(user.id))
        return next(new Error(TWO_FACTOR_SETUP_REQUIRED));
      socket.data.userId = user.id;
      socket.data.sessionId = user.sessionId;
      return next();
    } catch (error) {
      // The database unreachable is not a bad token: the browser must not take it for "log in again".
      if (error instanceof DatabaseUnavailableError) return next(new Error(error.message));
      return next(new Error('Authorization token is invalid'));
    }
  });
  io.on('connection', (socket) => {
    void socket.join([`user:${String(socket.data.userId)}`, `session:${String(socket.data.sessionId)}`]);
  });
  ctx.events.on(SESSIONS_REVOKED, ({ sessionIds }: { sessionIds: string[] }) => {
    io.in(sessionIds.map((id) => `session:${id}`)).disconnectSockets(true);
  });
  for (const type of PUSHED_EVENTS) {
    ctx.events.on(type, (data: { userId: string }) => {
      io.to(`user:${data.userId}`).emit('message', { type, data });
    });
  }
  // preClose, not onClose: the HTTP server's close waits for every connection, the upgraded websockets
  // too, so they must go first. Closing engine.io drops every transport without socket.io's disconnect
  // packet: the clients see a "transport close" and reconnect by themselves (to another instance behind
  // the proxy), where a server-side disconnect would leave them closed for good.
  app.addHook('preClose', async () => {
    io.engine.close();
    await closeFanOut?.();
  });
  return io;
}
