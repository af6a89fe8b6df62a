import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/mock-fetch.ts';
import { HttpError } from './http-error.ts';
import { sendRequest } from './http-request.ts';

describe('sendRequest', () => {
  it('posts form-urlencoded with bearer token and language', async () => {
    const { calls } = mockFetch([{ method: 'POST', path: '/x/', status: 200, body: { data: 1 } }]);
    const answer = await sendRequest({
      method: 'POST',
      path: '/x/',
      body: { key: 'language', value: 'it', skipped: undefined },
      accessToken: 'tok',
      acceptLanguage: 'it',
    });
    expect(answer).toEqual({ data: 1 });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer tok');
    expect(calls[0]?.headers.get('Accept-Language')).toBe('it');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(calls[0]?.body).toBe('key=language&value=it');
  });

  it('sends JSON for PATCH and resolves paths against a base address', async () => {
    const { calls } = mockFetch([{ method: 'PATCH', path: '/c/demo/p/', status: 200, body: {} }]);
    await sendRequest({
      method: 'PATCH',
      baseUrl: 'http://localhost:3000/c/demo/',
      path: '/p/',
      body: { value: 'a' },
    });
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toBe('{"value":"a"}');
  });

  it('treats a status of 300 or more as a failure with parsed errors', async () => {
    mockFetch([
      {
        method: 'GET',
        path: '/y/',
        status: 400,
        body: { errors: [{ field: 'name', code: 'required', message: 'Required', messages: [] }] },
      },
    ]);
    const error = await sendRequest({ path: '/y/' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).parsed.fieldErrors).toEqual({ name: 'Required' });
  });
});
