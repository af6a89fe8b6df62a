import { describe, expect, it } from 'vitest';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { pathParameterNames, withEveryPathParameter } from './path-parameters.ts';

describe('path parameters in OpenAPI', () => {
  it('reads the parameters of a route path', () => {
    expect(pathParameterNames('/c/:slug/api/v2/user/:id/')).toEqual(['slug', 'id']);
    expect(pathParameterNames('/oauth/token/')).toEqual([]);
  });

  it('adds the parameters a params schema leaves out, as required strings', () => {
    const inner: SwaggerTransform<FastifySchema> = ({ url }) => ({
      url,
      schema: { params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } },
    });
    const transform = withEveryPathParameter(inner);
    const result = transform({ url: '/c/:slug/api/v2/user/:id/' } as Parameters<typeof transform>[0]);
    expect(result.schema).toEqual({
      params: {
        type: 'object',
        properties: { id: { type: 'integer' }, slug: { type: 'string' } },
        required: ['id', 'slug'],
      },
    });
  });
});
