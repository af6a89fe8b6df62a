/** WCAG 2 relative luminance of an sRGB channel given 0–255. */
function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((i) => channel(parseInt(hex.slice(i, i + 2), 16)));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/**
 * The text colour that reads best on a background an owner picked (a tag's colour): black or white,
 * whichever has the higher WCAG contrast ratio with it. Anything but `#rrggbb` / `#rgb` keeps the
 * surrounding text colour.
 */
export function textOnColour(background: string): string {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(background.trim())?.[1];
  if (!match) return 'inherit';
  const hex = match.length === 3 ? [...match].map((c) => c + c).join('') : match;
  const l = luminance(hex);
  const onBlack = (l + 0.05) / 0.05;
  const onWhite = 1.05 / (l + 0.05);
  return onBlack >= onWhite ? '#000000' : '#ffffff';
}
