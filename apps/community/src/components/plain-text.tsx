import Typography, { type TypographyProps } from '@mui/material/Typography';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * A member's HTML as plain text: block ends become line breaks, tags are dropped, entities decoded.
 * The site never puts a member's markup into the page (React escapes the text), so no script or
 * style written by a member can run; rich formatting waits for an allow-list renderer (ADR 0036).
 */
export function htmlAsText(html: string): string {
  return html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/\s*(p|div|li|h[1-6]|blockquote|pre)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code.startsWith('#x') || code.startsWith('#X'))
        return String.fromCodePoint(parseInt(code.slice(2), 16));
      if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
      return ENTITIES[code.toLowerCase()] ?? whole;
    })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Text that keeps its line breaks. */
export function PlainText({ text, ...props }: { text: string } & TypographyProps) {
  return (
    <Typography {...props} sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', ...props.sx }}>
      {text}
    </Typography>
  );
}
