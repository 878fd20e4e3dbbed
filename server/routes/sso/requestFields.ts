import type { FastifyRequest } from 'fastify';

/**
 * A JSON schema for a body of optional strings. Fields are not `required` in the schema so that a missing
 * value gets the spec's own message (e.g. 'Please fill in all fields') instead of a generic one.
 */
export function stringFields(fields: Record<string, number>) {
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(fields).map(([name, maxLength]) => [name, { type: 'string', maxLength }]),
    ),
  } as const;
}

/** The caller's interface language: the client's `langcode` header (spec §7), else Accept-Language. */
export function requestLanguage(request: FastifyRequest): string {
  const langcode = request.headers.langcode;
  const value = Array.isArray(langcode) ? langcode[0] : langcode;
  return value || request.headers['accept-language']?.split(',')[0] || 'en';
}
