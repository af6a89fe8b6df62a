import { expect, test } from '@playwright/test';

for (const path of ['/', '/signin', '/some/client/route?x=1']) {
  test(`the console page ${path} carries the security headers`, async ({ request }) => {
    const answer = await request.get(path);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('text/html');
    const headers = answer.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toMatch(/(^|;)\s*frame-ancestors\s+[^;]+/);
    expect(csp).toMatch(/(^|;)\s*default-src\s+'self'/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-request-id']).toBeTruthy();
  });
}

test('every answer gets its own request id', async ({ request }) => {
  const [a, b] = await Promise.all([request.get('/'), request.get('/')]);
  expect(a.headers()['x-request-id']).not.toBe(b.headers()['x-request-id']);
});

test('the OpenAPI documentation answers', async ({ request }) => {
  const docs = await request.get('/docs');
  expect(docs.status()).toBe(200);
  expect(docs.headers()['x-content-type-options']).toBe('nosniff');
});

test('an API path never falls back to the console page', async ({ request }) => {
  const answer = await request.get('/platform/api/v1/stacks/');
  expect(answer.status()).toBe(401);
  expect(answer.headers()['content-type']).toContain('application/json');
});
