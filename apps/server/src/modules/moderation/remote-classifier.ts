import type { Classification, ContentClassifier } from './content-classifier.ts';

/**
 * The AI bot's classifier when an external moderation API is configured: an OpenAI-style
 * `POST {url}` with `{input}` answering `{results: [{flagged, categories: {name: boolean}}]}`.
 * Its categories map onto our flag reasons; when the API fails, is slow or answers something else,
 * the offline classifier decides, so a member's post is never lost or left unchecked.
 */
export interface RemoteClassifierOptions {
  url: string;
  apiKey?: string;
  fallback: ContentClassifier;
  timeoutMs?: number;
  /** Told when the API could not be used (logged by the caller, without the text). */
  onFailure?: (error: unknown) => void;
}

const VULGAR = /^(sexual|sexual\/minors|profanity)/;
const AGGRESSIVE = /^(harassment|hate|violence|self-harm|threat|toxic|insult)/;
const SPAM = /^(spam|scam|advertising)/;

function reasonOf(categories: Record<string, unknown>): Classification['reason'] {
  const hit = Object.entries(categories)
    .filter(([, on]) => on === true)
    .map(([name]) => name.toLowerCase());
  if (hit.some((n) => AGGRESSIVE.test(n))) return 'aggressive';
  if (hit.some((n) => VULGAR.test(n))) return 'vulgar';
  if (hit.some((n) => SPAM.test(n))) return 'spam';
  return hit.length > 0 ? 'aggressive' : undefined;
}

export function createRemoteClassifier(options: RemoteClassifierOptions): ContentClassifier {
  return {
    async classify(text, locale) {
      try {
        const res = await fetch(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({ input: text, ...(locale ? { locale } : {}) }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
        if (!res.ok) throw new Error(`moderation API answered ${res.status}`);
        const body = (await res.json()) as { results?: { flagged?: unknown; categories?: unknown }[] };
        const result = body.results?.[0];
        if (!result || typeof result.flagged !== 'boolean') throw new Error('unexpected moderation answer');
        const categories = (result.categories ?? {}) as Record<string, unknown>;
        const reason = result.flagged ? reasonOf(categories) : undefined;
        const matches = Object.entries(categories)
          .filter(([, on]) => on === true)
          .map(([name]) => name);
        return reason ? { abusive: true, reason, matches } : { abusive: false, matches: [] };
      } catch (error) {
        options.onFailure?.(error);
        return options.fallback.classify(text, locale);
      }
    },
  };
}
