import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@agora/contract';

/** One time step either side of now is accepted (clock drift between the phone and the server). */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

/** A new 160-bit secret in Base32, as authenticator apps expect (RFC 6238 with SHA-1, 6 digits, 30 s). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The `otpauth://totp/…` URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, issuer: string, label: string): string {
  return generateURI({
    issuer,
    label,
    secret,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** The URI as an SVG image in a `data:` URL, so the console needs no QR library. */
export async function qrSvgDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/**
 * The time step a six-digit code belongs to when it is right at `now` and newer than `afterStep`
 * (a step already used is refused: replay), or null. otplib compares in constant time.
 */
export async function matchTotp(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
