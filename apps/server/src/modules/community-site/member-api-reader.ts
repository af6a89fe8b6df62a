import type { FastifyInstance } from 'fastify';

/** A refusal of the member API as the site sees it: the HTTP status and the envelope's first code. */
export interface MemberApiRefusal extends Error {
  status: number;
  code: string;
}

/**
 * Reads a community's member API (`/c/{slug}/api/v2/{path}`) as a visitor, through the server's own
 * HTTP routes (ADR 0036: the site is a client like any other, with no shortcut into the data).
 * A refusal is thrown as an Error with `status` and `code`.
 */
export function memberApiReader(app: FastifyInstance, slug: string, acceptLanguage?: string) {
  return async (path: string): Promise<unknown> => {
    const answer = await app.inject({
      method: 'GET',
      url: `/c/${encodeURIComponent(slug)}/api/v2/${path}`,
      headers: {
        accept: 'application/json',
        ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
      },
    });
    const body: unknown = answer.body ? JSON.parse(answer.body) : null;
    if (answer.statusCode >= 400) {
      const first = (body as { errors?: { code?: string; message?: string }[] } | null)?.errors?.[0];
      throw Object.assign(new Error(first?.message ?? `HTTP ${answer.statusCode}`), {
        status: answer.statusCode,
        code: first?.code ?? `http_${answer.statusCode}`,
      }) as MemberApiRefusal;
    }
    return body;
  };
}

/** Whether an error is a refusal of the member API (rather than a fault of the server). */
export function isRefusal(error: unknown): error is MemberApiRefusal {
  return error instanceof Error && typeof (error as Partial<MemberApiRefusal>).status === 'number';
}
