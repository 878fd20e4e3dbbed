/**
 * A shared validation rule of spec §5: the translation id of its message when the value breaks it, null when
 * the value is fine. A rule whose message has placeholders carries their values (e.g. maxLength's `max`).
 */
export type ValidationRule = ((value: unknown) => string | null) & { values?: Record<string, number> };
