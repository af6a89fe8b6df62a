import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';

interface ObjectSchema {
  type?: string;
  properties?: Record<string, unknown>;
  required?: string[];
}

/** The `:name` parameters of a route path (`/c/:slug/api/v2/user/:id/` → slug, id). */
export function pathParameterNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
}

/**
 * Wraps the zod transform so that every path parameter is documented: a route whose `params` schema
 * names only its own parameters (`id`) would otherwise lose the `slug` of its `/c/{slug}/` prefix.
 * A parameter the schema does not describe is a required string.
 */
export function withEveryPathParameter<S extends FastifySchema>(
  transform: SwaggerTransform<S>,
): SwaggerTransform<S> {
  return (document) => {
    const result = transform(document);
    const params = (result.schema as { params?: ObjectSchema } | undefined)?.params;
    if (!params) return result;
    const properties = { ...params.properties };
    const required = new Set(params.required ?? []);
    for (const name of pathParameterNames(result.url)) {
      properties[name] ??= { type: 'string' };
      required.add(name);
    }
    const schema = {
      ...(result.schema as object),
      params: { ...params, properties, required: [...required] },
    };
    return { ...result, schema } as typeof result;
  };
}
