import type { Db } from '../../platform/db/database.ts';
import './oauth-apps.tables.ts';

export interface OAuthAppRow {
  stack_id: number;
  id: number;
  client_id: string;
  client_type: 'public' | 'confidential';
  client_secret_hash: string | null;
  name: string;
  description: string;
  image: string;
  grant_types: string[];
  redirect_uris: string[];
  created_at: Date;
  updated_at: Date;
}

export interface OAuthAppFields {
  name: string;
  description: string;
  image: string;
  grant_types: string[];
  redirect_uris: string[];
}

const json = (list: string[]) => JSON.stringify(list);

export async function listApps(db: Db, stackId: number, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('oauth_apps')
      .selectAll()
      .where('stack_id', '=', stackId)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('oauth_apps')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('stack_id', '=', stackId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as OAuthAppRow[], count: Number(count.n) };
}

export async function findApp(db: Db, stackId: number, id: number) {
  return (await db
    .selectFrom('oauth_apps')
    .selectAll()
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst()) as OAuthAppRow | undefined;
}

/** An app of this community by its client id (another community's client id finds nothing). */
export async function findAppByClientId(db: Db, stackId: number, clientId: string) {
  return (await db
    .selectFrom('oauth_apps')
    .selectAll()
    .where('stack_id', '=', stackId)
    .where('client_id', '=', clientId)
    .executeTakeFirst()) as OAuthAppRow | undefined;
}

export async function insertApp(
  db: Db,
  app: OAuthAppFields & {
    stackId: number;
    clientId: string;
    clientType: 'public' | 'confidential';
    secretHash: string | null;
    now: Date;
  },
) {
  return (await db
    .insertInto('oauth_apps')
    .values({
      stack_id: app.stackId,
      client_id: app.clientId,
      client_type: app.clientType,
      client_secret_hash: app.secretHash,
      name: app.name,
      description: app.description,
      image: app.image,
      grant_types: json(app.grant_types),
      redirect_uris: json(app.redirect_uris),
      created_at: app.now,
      updated_at: app.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()) as OAuthAppRow;
}

export async function updateApp(db: Db, stackId: number, id: number, fields: OAuthAppFields, now: Date) {
  return (await db
    .updateTable('oauth_apps')
    .set({
      name: fields.name,
      description: fields.description,
      image: fields.image,
      grant_types: json(fields.grant_types),
      redirect_uris: json(fields.redirect_uris),
      updated_at: now,
    })
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()) as OAuthAppRow | undefined;
}

export async function setSecretHash(db: Db, stackId: number, id: number, hash: string, now: Date) {
  return (await db
    .updateTable('oauth_apps')
    .set({ client_secret_hash: hash, updated_at: now })
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .where('client_type', '=', 'confidential')
    .returningAll()
    .executeTakeFirst()) as OAuthAppRow | undefined;
}

export async function deleteApp(db: Db, stackId: number, id: number) {
  return db
    .deleteFrom('oauth_apps')
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .returning(['id', 'client_id'])
    .executeTakeFirst();
}
