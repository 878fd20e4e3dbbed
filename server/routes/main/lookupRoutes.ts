import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import { requireRole } from '../../http/requireRole';

function parseFields(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
}

/** Keeps only the requested fields of each item (`fields=code,canton`); no list means every field. */
export function pickFields<T extends object>(items: T[], rawFields: string | undefined): Partial<T>[] {
  const fields = parseFields(rawFields);
  if (fields.length === 0) return items;
  return items.map((item) => {
    const picked: Partial<T> = {};
    for (const field of fields) {
      if (field in item) picked[field as keyof T] = item[field as keyof T];
    }
    return picked;
  });
}

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
  const { parcels } = ctx;
  const options = { preHandler: requireRole(ctx), schema: { querystring } };

  /** A `find` call: `{data, error}`. */
  const findRoute = (url: string, find: (query: LookupQuery) => Promise<object[]>) =>
    app.get<{ Querystring: LookupQuery }>(url, options, async ({ query }) => ({
      data: pickFields(await find(query), query.fields),
      error: false,
    }));
  /** A list call: a plain array. */
  const listRoute = (url: string, list: (query: LookupQuery) => Promise<object[]>) =>
    app.get<{ Querystring: LookupQuery }>(url, options, async ({ query }) =>
      pickFields(await list(query), query.fields),
    );

  findRoute('/cantons/find', ({ q = '', limit }) =>
    parcels.findCantons(q.trim(), limitOf(limit, LOOKUP_LIMITS.cantons)),
  );
  findRoute('/thermals/find', ({ q = '', canton, limit }) =>
    parcels.thermals(q.trim(), cantonCode(canton), limitOf(limit, LOOKUP_LIMITS.thermals)),
  );
  listRoute('/location-names/', ({ q = '', canton, limit }) =>
    parcels.locationNames(q.trim(), cantonCode(canton), limitOf(limit, LOOKUP_LIMITS.locationNames)),
  );
  listRoute('/alphas/', ({ q = '', varname, canton, limit }) =>
    parcels.alphas(
      q.trim(),
      varname?.trim() || undefined,
      cantonCode(canton),
      limitOf(limit, LOOKUP_LIMITS.alphas),
    ),
  );
  listRoute('/streets/', ({ q = '', canton, locname, limit }) =>
    parcels.streets(q.trim(), cantonCode(canton), locnames(locname), limitOf(limit, LOOKUP_LIMITS.streets)),
  );
}
