/** What a classifier says about a text. */
export interface Classification {
  abusive: boolean;
  reason?: 'spam' | 'aggressive' | 'vulgar';
  /** The terms or signals that matched (normalised). */
  matches: string[];
}

/**
 * Decides whether a member's text is abusive. The built-in implementation works offline; another
 * one may call an external moderation API when one is configured.
 */
export interface ContentClassifier {
  classify(text: string, locale?: string): Promise<Classification>;
}

// Word lists: each entry is a normalised stem; an entry ending in '*' also matches longer words
// that start with it (e.g. 'fuck*' → 'fucking'). Matching is on whole words, so 'classe' and
// 'Scunthorpe' never match 'ass' or 'cunt'.
const VULGAR_EN = [
  'fuck*',
  'fck',
  'fuk',
  'motherfuck*',
  'shit',
  'shits',
  'shitty',
  'shithead*',
  'bullshit',
  'cunt',
  'cunts',
  'dick',
  'dicks',
  'dickhead*',
  'cock',
  'cocks',
  'cocksuck*',
  'pussy',
  'pussies',
  'asshole*',
  'arsehole*',
  'ass',
  'arse',
  'bitch*',
  'bastard*',
  'wank*',
  'wanker*',
  'twat*',
  'slut*',
  'whore*',
  'prick',
  'pricks',
  'bollocks',
  'tits',
  'titties',
  'boner',
  'jizz',
  'dildo*',
  'porn*',
  'blowjob*',
  'handjob*',
  'piss',
  'pissed',
];
const AGGRESSIVE_EN = [
  'kill yourself',
  'kys',
  'i will kill you',
  'i ll kill you',
  'die in a fire',
  'go die',
  'you should die',
  'retard*',
  'moron*',
  'idiot*',
  'imbecile*',
  'loser*',
  'scumbag*',
  'piece of shit',
  'shut the fuck up',
  'stfu',
  'go to hell',
  'i hate you',
  'nobody likes you',
  'subhuman*',
  'faggot*',
  'fag',
  'fags',
  'nigger*',
  'nigga*',
  'tranny',
  'spastic',
  'cretin*',
  'dumbass*',
  'beat you up',
  'punch you',
  'i will hurt you',
  'you are garbage',
  'you are trash',
  'stupid bitch',
  'drop dead',
];
const VULGAR_IT = [
  'cazzo',
  'cazzi',
  'cazzat*',
  'incazz*',
  'minchia*',
  'fica',
  'figa',
  'fighe',
  'merda*',
  'merdos*',
  'stronz*',
  'vaffanculo',
  'fanculo',
  'affanculo',
  'culo',
  'culi',
  'coglion*',
  'puttan*',
  'troia*',
  'troie',
  'zoccol*',
  'bastard*',
  'porco dio',
  'porcodio',
  'porca madonna',
  'dio cane',
  'diocane',
  'dio porco',
  'sborr*',
  'pompin*',
  'scopare',
  'scopata',
  'scopate',
  'inculat*',
  'inculare',
  'cagare',
  'cacca',
  'pisciare',
  'tette',
  'bocchin*',
  'mignott*',
];
const AGGRESSIVE_IT = [
  'ti ammazzo',
  'ti uccido',
  'ammazzati',
  'ucciditi',
  'devi morire',
  'spero che muori',
  'ti spacco la faccia',
  'ti meno',
  'idiota',
  'idioti',
  'imbecill*',
  'deficient*',
  'cretin*',
  'scemo',
  'scema',
  'scemi',
  'ritardat*',
  'mongolo*',
  'handicappat*',
  'demente',
  'dementi',
  'frocio',
  'froci',
  'ricchion*',
  'negro',
  'negri',
  'terrone',
  'terroni',
  'sfigat*',
  'fallito',
  'fallita',
  'falliti',
  'fai schifo',
  'fate schifo',
  'stai zitto',
  'stai zitta',
  'chiudi il becco',
  'vai a morire',
  'schifoso',
  'schifosa',
];

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '@': 'a',
  '5': 's',
  '7': 't',
  $: 's',
};

/** Lower case, l33t digits to letters, accents off, anything else a space. */
export function normalise(text: string): string {
  const lowered = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  let out = '';
  for (let i = 0; i < lowered.length; i++) {
    const ch = lowered[i]!;
    const prev = lowered[i - 1] ?? ' ';
    const next = lowered[i + 1] ?? ' ';
    // A leet character counts as a letter only inside a word ('sh1t', 'f@ck'), not in '10 people'.
    const inWord = ch === '$' ? /[a-z]/.test(next) : /[a-z@$0-9]/.test(prev) || /[a-z]/.test(next);
    if (ch in LEET && inWord && !/^[0-9]+$/.test(wordAround(lowered, i))) {
      out += LEET[ch];
    } else if (/[a-z]/.test(ch)) {
      out += ch;
    } else if (ch === '*' && /[a-z]/.test(prev) && /[a-z]/.test(next)) {
      out += '*'; // 'f*ck': a masked letter, matched as any letter
    } else {
      out += ' ';
    }
  }
  return out.replace(/\s+/g, ' ').trim();
}

function wordAround(text: string, i: number): string {
  let start = i;
  let end = i;
  while (start > 0 && !/\s/.test(text[start - 1]!)) start--;
  while (end < text.length - 1 && !/\s/.test(text[end + 1]!)) end++;
  return text.slice(start, end + 1);
}

/** A word pattern where every letter may be repeated ('fuuuck', 'cazzzzo'), never dropped ('as' ≠ 'ass'). */
function letterRuns(word: string): string {
  return (word.match(/(.)\1*/g) ?? []).map((run) => `${run[0]}{${run.length},}`).join('');
}

interface Term {
  pattern: RegExp;
  label: string;
}

function compile(list: string[]): Term[] {
  return list.map((entry) => {
    const prefix = entry.endsWith('*');
    const bare = prefix ? entry.slice(0, -1) : entry;
    const body = bare.split(' ').map(letterRuns).join(' ');
    // Whole words only: the text is normalised to single spaces between words.
    return { pattern: new RegExp(`(?:^| )${body}${prefix ? '[a-z]*' : ''}(?= |$)`), label: bare };
  });
}

const LISTS = {
  vulgar: compile([...VULGAR_EN, ...VULGAR_IT]),
  aggressive: compile([...AGGRESSIVE_EN, ...AGGRESSIVE_IT]),
};

/** A masked word ('f*ck', 'sh*t') can stand for any term with letters in the masked places. */
function unmaskedCandidates(words: string[], terms: Term[]): string[] {
  const found: string[] = [];
  for (const word of words.filter((w) => w.includes('*'))) {
    const masked = new RegExp(`^${word.replace(/\*/g, '[a-z]')}`);
    for (const term of terms) {
      if (!term.label.includes(' ') && masked.test(term.label) && term.label.length <= word.length + 3) {
        found.push(term.label);
      }
    }
  }
  return found;
}

function findTerms(words: string[], terms: Term[]): string[] {
  const text = words.join(' ');
  const found = new Set<string>();
  for (const term of terms) if (term.pattern.test(text)) found.add(term.label);
  for (const label of unmaskedCandidates(words, terms)) found.add(label);
  return [...found];
}

/** Spam signals: many links, the same text repeated, shouting in capitals. */
function spamSignals(text: string, words: string[]): string[] {
  const signals: string[] = [];
  const links = text.match(/\b(?:https?:\/\/|www\.)\S+/gi) ?? [];
  if (links.length >= 3) signals.push('links');
  if (words.length >= 8) {
    const counts = new Map<string, number>();
    for (let i = 0; i + 3 <= words.length; i++) {
      const gram = words.slice(i, i + 3).join(' ');
      counts.set(gram, (counts.get(gram) ?? 0) + 1);
    }
    const top = Math.max(...counts.values());
    if (top >= 3) signals.push('repeated_text');
  }
  const letters = text.replace(/[^\p{L}]/gu, '');
  const upper = text.replace(/[^\p{Lu}]/gu, '');
  if (letters.length >= 20 && upper.length / letters.length > 0.8) signals.push('shouting');
  return signals;
}

/** The offline classifier: curated English and Italian lists plus spam signals. */
export function createWordListClassifier(): ContentClassifier {
  return {
    classify(text: string): Promise<Classification> {
      const words = normalise(text).split(' ').filter(Boolean);
      const aggressive = findTerms(words, LISTS.aggressive);
      if (aggressive.length > 0) {
        return Promise.resolve({ abusive: true, reason: 'aggressive', matches: aggressive });
      }
      const vulgar = findTerms(words, LISTS.vulgar);
      if (vulgar.length > 0) return Promise.resolve({ abusive: true, reason: 'vulgar', matches: vulgar });
      const spam = spamSignals(text, words);
      if (spam.length > 0) return Promise.resolve({ abusive: true, reason: 'spam', matches: spam });
      return Promise.resolve({ abusive: false, matches: [] });
    },
  };
}
