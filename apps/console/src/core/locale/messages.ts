import type { Locale } from '@agora/contract';
import en from '../../../lang/en.json';
import it from '../../../lang/it.json';

export const MESSAGES: Record<Locale, Record<string, string>> = { en, it };
