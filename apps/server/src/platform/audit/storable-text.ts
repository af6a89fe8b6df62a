const NUL = String.fromCharCode(0);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text PostgreSQL can store (text and jsonb refuse NUL; jsonb refuses lone UTF-16 surrogates). */
export function storableText(text: string): string {
  // U+2400 SYMBOL FOR NULL keeps the NUL visible in the log; U+FFFD stands for a broken character.
  return text.replaceAll(NUL, '\u2400').replace(LONE_SURROGATE, '\uFFFD');
}
