import { describe, expect, it } from 'vitest';
import type { CubeQuery } from '@agora/contract';
import type { Db } from '../platform/db/database.ts';
import { ManualClock } from '../platform/clock.ts';
import { loadCubeModel, parseCubeModel } from './cube-model.ts';
import { compileCubeQuery, CubeAccessError } from './cube-compiler.ts';
import { createCubeEngine } from './cube-engine.ts';

// Issue 10 §4: members' e-mails leaked through the Cube API. The model's access policy hides
// Users.email from everyone but GDPR data managers, wherever the query names or reaches it.
const model = loadCubeModel();
const now = new Date('2026-11-18T12:00:00Z');
const compile = (query: CubeQuery, roles: string[]) =>
  compileCubeQuery(model, query, { stackId: 7, now, roles });
const MANAGER = ['moderator', 'gdpr_data_manager'];

describe('member-level access to Users.email', () => {
  const hidden: Array<[string, CubeQuery]> = [
    ['a dimension', { dimensions: ['Users.username', 'Users.email'] }],
    [
      'a filter',
      {
        measures: ['Users.count'],
        filters: [{ member: 'Users.email', operator: 'contains', values: ['@'] }],
      },
    ],
    [
      'a nested filter',
      {
        measures: ['Users.count'],
        filters: [{ or: [{ and: [{ member: 'Users.email', operator: 'startsWith', values: ['a'] }] }] }],
      },
    ],
    [
      'a filter by its old name',
      { measures: ['Users.count'], filters: [{ dimension: 'Users.email', operator: 'set' }] },
    ],
    ['the order', { dimensions: ['Users.username'], order: { 'Users.email': 'asc' } }],
    ['the order as a list', { dimensions: ['Users.username'], order: [['Users.email', 'desc']] }],
    ['a segment', { measures: ['Users.count'], segments: ['Users.email'] }],
    ['a time dimension', { measures: ['Users.count'], timeDimensions: [{ dimension: 'Users.email' }] }],
    ['a measure', { measures: ['Users.email'] }],
  ];

  it.each(hidden)('refuses it in %s to staff without the GDPR attribute', (_where, query) => {
    for (const roles of [[], ['admin'], ['moderator'], ['editor']]) {
      expect(() => compile(query, roles)).toThrow(CubeAccessError);
      expect(() => compile(query, roles)).toThrow("You may not query 'Users.email'.");
    }
  });

  it('lets GDPR data managers use it, and everyone the other members', () => {
    const c = compile(
      {
        dimensions: ['Users.username', 'Users.email'],
        filters: [{ member: 'Users.email', operator: 'contains', values: ['@'] }],
        order: { 'Users.email': 'asc' },
      },
      MANAGER,
    );
    expect(c.sql).toContain('"Users".email');
    expect(compile({ dimensions: ['Users.username', 'Users.name'] }, ['moderator']).sql).not.toContain(
      'email',
    );
  });

  it('refuses a member whose SQL reaches a hidden one, in any cube', () => {
    const custom = parseCubeModel([
      {
        name: 'custom.yml',
        content: `
cubes:
  - name: People
    sql: SELECT * FROM community_users WHERE stack_id = {SECURITY_CONTEXT.stack_id.unsafeValue()}
    access_policy:
      - role: '*'
        member_level:
          excludes: [email]
    measures:
      - name: withEmail
        type: count_distinct
        sql: '{CUBE.email}'
    dimensions:
      - name: email
        sql: '{CUBE}.email'
        type: string
      - name: domain
        sql: "split_part({email}, '@', 2)"
        type: string
  - name: Other
    sql: SELECT * FROM contributions WHERE stack_id = {SECURITY_CONTEXT.stack_id.unsafeValue()}
    dimensions:
      - name: authorEmail
        sql: '{People.email}'
        type: string
`.replace('{email}', '{CUBE.email}'),
      },
    ]);
    const run = (query: CubeQuery) => compileCubeQuery(custom, query, { stackId: 1, now, roles: ['admin'] });
    expect(() => run({ measures: ['People.withEmail'] })).toThrow(CubeAccessError);
    expect(() => run({ dimensions: ['People.domain'] })).toThrow(CubeAccessError);
    expect(() => run({ dimensions: ['Other.authorEmail'] })).toThrow(CubeAccessError);
  });

  it('refuses a policy naming a member the cube does not have', () => {
    expect(() =>
      parseCubeModel([
        {
          name: 'bad.yml',
          content: `
cubes:
  - name: People
    sql: SELECT * FROM community_users WHERE stack_id = {SECURITY_CONTEXT.stack_id.unsafeValue()}
    access_policy:
      - role: '*'
        member_level:
          excludes: [emial]
    dimensions:
      - name: email
        sql: '{CUBE}.email'
        type: string
`,
        },
      ]),
    ).toThrow(/access_policy names unknown member emial/);
  });

  it('leaves hidden members out of /meta', () => {
    const engine = createCubeEngine({ db: {} as Db, clock: new ManualClock(now), model });
    const names = (roles: string[]) =>
      engine
        .meta(roles)
        .cubes.find((c) => c.name === 'Users')
        ?.dimensions.map((d) => d.name);
    expect(names(['admin'])).not.toContain('Users.email');
    expect(names(['admin'])).toContain('Users.username');
    expect(names(MANAGER)).toContain('Users.email');
  });
});
