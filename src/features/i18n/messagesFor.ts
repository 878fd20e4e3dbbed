import de from '../../../translations/de.json';
import en from '../../../translations/en.json';
import fr from '../../../translations/fr.json';
import it from '../../../translations/it.json';
import type { Language } from './Language';

// All four files are bundled: they are small, and switching languages reloads the page anyway.
const MESSAGES: Record<Language, Record<string, string>> = { en, de, fr, it };

/** The flat message catalogue of a language (translations/{lang}.json). */
export function messagesFor(language: Language): Record<string, string> {
  return MESSAGES[language];
}
