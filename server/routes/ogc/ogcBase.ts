import type { FastifyRequest } from 'fastify';

/** Where the OGC API is mounted on this server. */
export const OGC_PREFIX = '/ogc';

/**
 * The API's absolute base URL as the client reached it (links must be absolute for GIS clients): the
 * request's protocol and host, which trustProxy lets a reverse proxy set.
 */
export function ogcBase(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${OGC_PREFIX}`;
}
