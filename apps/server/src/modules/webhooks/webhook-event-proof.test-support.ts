import { expect } from 'vitest';

export interface ReceivedEvent {
  event_id: number;
  type: string;
  created: number;
  data: Record<string, unknown>;
}

/**
 * Asserts that a real receiver got an event named `type` (whose data matches `data`, when given) and
 * answers those events. Write `type` as a string literal: `webhook-event-coverage.test.ts` reads the
 * calls of this function in the server's tests to know which catalogue names are proven emitted.
 */
export function expectEmitted(
  events: readonly ReceivedEvent[],
  type: string,
  data?: Record<string, unknown>,
): ReceivedEvent[] {
  const named = events.filter((e) => e.type === type);
  expect(
    named.length,
    `no ${type} among ${[...new Set(events.map((e) => e.type))].join(', ')}`,
  ).toBeGreaterThan(0);
  if (data === undefined) return named;
  const matching = named.filter((e) => {
    try {
      expect(e.data).toMatchObject(data);
      return true;
    } catch {
      return false;
    }
  });
  expect(
    matching.length,
    `no ${type} with ${JSON.stringify(data)}: ${JSON.stringify(named)}`,
  ).toBeGreaterThan(0);
  return matching;
}

/** Asserts that no event named `type` (with data matching `data`, when given) was received. */
export function expectNotEmitted(
  events: readonly ReceivedEvent[],
  type: string,
  data?: Record<string, unknown>,
): void {
  const named = events.filter((e) => e.type === type);
  const matching =
    data === undefined
      ? named
      : named.filter((e) => {
          try {
            expect(e.data).toMatchObject(data);
            return true;
          } catch {
            return false;
          }
        });
  expect(matching, `unexpected ${type}`).toEqual([]);
}
