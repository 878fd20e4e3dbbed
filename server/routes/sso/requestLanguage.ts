import type { FastifyRequest } from 'fastify';

/** The caller's interface language: the client's `langcode` header (spec §7), else Accept-Language. */
export function requestLanguage(request: FastifyRequest): string {
  const langcode = request.headers.langcode;
  const value = Array.isArray(langcode) ? langcode[0] : langcode;
  return value || request.headers['accept-language']?.split(',')[0] || 'en';
}
