import type { FastifyInstance } from 'fastify';
import { languageOf, type ServerTranslator } from '../services/i18n/ServerTranslator';

/** The reply fields that carry a message for the user (spec §7: `message`, `errorMessage`). */
const MESSAGE_FIELDS = ['message', 'errorMessage'] as const;

/**
 * Every JSON reply's `message` and `errorMessage` in the language of the request's `langcode` header
 * (spec §7, ADR 016), in one place: routes and services keep answering in English, and the
 * translator replaces a text its catalogue knows (translations/*.json, `server.*`).
 */
export function translateReplies(app: FastifyInstance, translator: ServerTranslator): void {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload;
    const language = languageOf(request.headers.langcode);
    if (language === 'en') return payload;
    const record = payload as Record<string, unknown>;
    let translated: Record<string, unknown> | null = null;
    for (const field of MESSAGE_FIELDS) {
      const text = record[field];
      if (typeof text !== 'string') continue;
      const local = translator.translateEnglish(language, text);
      if (local !== text) (translated ??= { ...record })[field] = local;
    }
    return translated ?? payload;
  });
}
