import { errorEnvelopeSchema } from '@agora/contract';

/** The error envelope declared for the given statuses, so OpenAPI documents failures too. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorEnvelopeSchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorEnvelopeSchema])) as Record<
    S,
    typeof errorEnvelopeSchema
  >;
}
