import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../AppContext';
import { requireRole } from '../../../http/requireRole';
import { createSqliteParcelRepository } from '../../../store/parcels/createSqliteParcelRepository';
import { pickFields } from './pickFields';

/** Spec §9 lookup limits: also the most one call returns. */
export const LOOKUP_LIMITS = {
  cantons: 100,
  thermals: 25,
  locationNames: 25,
  alphas: 25,
  streets: 250,
} as const;

interface LookupQuery {
  q?: string;
  canton?: string;
  varname?: string;
  locname?: string[];
  fields?: string;
  limit?: number;
}

const text = { type: 'string', maxLength: 200 } as const;
const querystring = {
  type: 'object',
  properties: {
    q: text,
    canton: { type: 'string', maxLength: 2 },
    varname: text,
    locname: { type: 'array', items: text, maxItems: 200 },
    fields: text,
    limit: { type: 'integer', minimum: 1, maximum: 1000 },
  },
} as const;

const cantonCode = (raw: string | undefined) => (raw?.trim() ? raw.trim().toUpperCase() : undefined);
const limitOf = (raw: number | undefined, max: number) => Math.min(raw ?? max, max);
const locnames = (raw: string[] | undefined) =>
  (raw ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * The lookups of spec §7. The `find` calls answer `{data, error}`; the list calls (location-names,
 * alphas, streets) answer a plain array, as the client's list helper expects.
 */
export async function lookupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const parcels = createSqliteParcelRepository(ctx.db);
  const options = { preHandler: requireRole(ctx), schema: { querystring } };

  app.get<{ Querystring: LookupQuery }>('/cantons/find', options, async (request) => {
    const { q = '', fields, limit } = request.query;
    const data = parcels.findCantons(q.trim(), limitOf(limit, LOOKUP_LIMITS.cantons));
    return { data: pickFields(data, fields), error: false };
  });

  app.get<{ Querystring: LookupQuery }>('/thermals/find', options, async (request) => {
    const { q = '', canton, fields, limit } = request.query;
    const data = parcels.thermals(q.trim(), cantonCode(canton), limitOf(limit, LOOKUP_LIMITS.thermals));
    return { data: pickFields(data, fields), error: false };
  });

  app.get<{ Querystring: LookupQuery }>('/location-names/', options, async (request) => {
    const { q = '', canton, fields, limit } = request.query;
    const items = parcels.locationNames(
      q.trim(),
      cantonCode(canton),
      limitOf(limit, LOOKUP_LIMITS.locationNames),
    );
    return pickFields(items, fields);
  });

  app.get<{ Querystring: LookupQuery }>('/alphas/', options, async (request) => {
    const { q = '', varname, canton, fields, limit } = request.query;
    const items = parcels.alphas(
      q.trim(),
      varname?.trim() || undefined,
      cantonCode(canton),
      limitOf(limit, LOOKUP_LIMITS.alphas),
    );
    return pickFields(items, fields);
  });

  app.get<{ Querystring: LookupQuery }>('/streets/', options, async (request) => {
    const { q = '', canton, locname, fields, limit } = request.query;
    const items = parcels.streets(
      q.trim(),
      cantonCode(canton),
      locnames(locname),
      limitOf(limit, LOOKUP_LIMITS.streets),
    );
    return pickFields(items, fields);
  });
}
