import { describe, expect, it } from 'vitest';
import { createWordListClassifier, normalise } from './content-classifier.ts';

const classifier = createWordListClassifier();
const classify = (text: string, locale?: string) => classifier.classify(text, locale);

describe('the offline abuse classifier', () => {
  it.each([
    ['Scunthorpe United won the match last night.', 'en'],
    ['I passed the class with a grade of 30 out of 30, amazing assessment!', 'en'],
    ['Cocktails at the Essex bass festival, assume nothing.', 'en'],
    ['La classe di oggi parlava di Dante e della Divina Commedia.', 'it'],
    ['Ho comprato una scopa nuova e del finocchio al mercato.', 'it'],
    ['Ci vediamo alle 10 in piazza, porta 3 amici e 4 panini.', 'it'],
    ['Visit https://example.com for the agenda. Thanks!', 'en'],
    ['As I said, the assistant was helpful.', 'en'],
  ])('does not flag a clean text: %s', async (text, locale) => {
    expect(await classify(text, locale)).toEqual({ abusive: false, matches: [] });
  });

  it.each([
    ['What the fuck is this?', 'vulgar', 'fuck'],
    ['This is total bullshit', 'vulgar', 'bullshit'],
    ['You are a sh1t person', 'vulgar', 'shit'],
    ['fuuuuuck this', 'vulgar', 'fuck'],
    ['F*CK everyone here', 'vulgar', 'fuck'],
    ['what an @sshole', 'vulgar', 'asshole'],
    ['Che cazzo dici?', 'vulgar', 'cazzo'],
    ['Sei uno STRONZO', 'vulgar', 'stronz'],
    ['ma vaffanculo', 'vulgar', 'vaffanculo'],
    ['che c4zzzzo vuoi', 'vulgar', 'cazzo'],
    ['m3rda di post', 'vulgar', 'merda'],
  ])('flags a vulgar text: %s', async (text, reason, match) => {
    const result = await classify(text);
    expect(result.abusive).toBe(true);
    expect(result.reason).toBe(reason);
    expect(result.matches).toContain(match);
  });

  it.each([
    ['Go kill yourself', 'kill yourself'],
    ['you are a total moron', 'moron'],
    ['What an id10t', 'idiot'],
    ['Ti ammazzo se lo rifai', 'ti ammazzo'],
    ['sei un idiota e un deficiente', 'idiota'],
    ['fai schifo', 'fai schifo'],
  ])('flags an aggressive text: %s', async (text, match) => {
    const result = await classify(text);
    expect(result).toMatchObject({ abusive: true, reason: 'aggressive' });
    expect(result.matches).toContain(match);
  });

  it('flags spam: many links, repeated text, shouting', async () => {
    const links = await classify('deals http://a.example http://b.example www.c.example buy now');
    expect(links).toEqual({ abusive: true, reason: 'spam', matches: ['links'] });
    const repeated = await classify('buy cheap pills '.repeat(4));
    expect(repeated.reason).toBe('spam');
    expect(repeated.matches).toContain('repeated_text');
    const shouting = await classify('THIS IS THE BEST OFFER YOU WILL EVER SEE IN YOUR LIFE');
    expect(shouting).toMatchObject({ abusive: true, reason: 'spam', matches: ['shouting'] });
    expect((await classify('NASA and the ESA launched it.')).abusive).toBe(false);
  });

  it('normalises l33t digits inside words and accents, and drops plain numbers', () => {
    expect(normalise('Sh1t! 10 p3rsone, perché?')).toBe('shit persone perche');
  });
});
