import { sql, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { EmailTemplatesTable, EmailThemesTable } from './email-manager.tables.ts';
import { SHIPPED_TEMPLATES, SHIPPED_THEME_HTML, SHIPPED_THEME_NAME } from './email-defaults.ts';
import { EMAIL_KEY_NAMES } from '@agora/contract';

export type TemplateRow = Selectable<EmailTemplatesTable>;
export type ThemeRow = Selectable<EmailThemesTable>;

export type TemplateValues = Partial<
  Pick<
    TemplateRow,
    'name' | 'type' | 'theme_id' | 'subject_en' | 'subject_it' | 'html_en' | 'html_it' | 'active' | 'key'
  > & {
    footer_links: TemplateRow['footer_links'];
    sections: TemplateRow['sections'];
    roles: TemplateRow['roles'];
  }
>;

/**
 * Gives a community its shipped theme and a row for each shipped template it lacks (the first time
 * its manager is opened, or after a release ships a new email). Idempotent and safe when two requests
 * race: each insert skips what exists.
 */
export async function ensureShipped(db: Db, stackId: number): Promise<void> {
  const [themes, templates] = await Promise.all([
    db
      .selectFrom('email_themes')
      .select('id')
      .where('stack_id', '=', stackId)
      .where('shipped', '=', true)
      .execute(),
    db
      .selectFrom('email_templates')
      .select('key')
      .where('stack_id', '=', stackId)
      .where('key', 'is not', null)
      .execute(),
  ]);
  if (themes.length === 0) {
    const anyDefault = await db
      .selectFrom('email_themes')
      .select('id')
      .where('stack_id', '=', stackId)
      .where('is_default', '=', true)
      .executeTakeFirst();
    await sql`
      INSERT INTO email_themes (stack_id, shipped, name, html, is_default)
      VALUES (${stackId}, true, ${SHIPPED_THEME_NAME}, ${SHIPPED_THEME_HTML}, ${!anyDefault})
      ON CONFLICT DO NOTHING
    `.execute(db);
  }
  const have = new Set(templates.map((t) => t.key));
  const missing = EMAIL_KEY_NAMES.filter((key) => !have.has(key));
  if (missing.length === 0) return;
  await db
    .insertInto('email_templates')
    .values(
      missing.map((key) => {
        const shipped = SHIPPED_TEMPLATES[key];
        return {
          stack_id: stackId,
          key,
          name: shipped.name,
          type: shipped.type,
          subject_en: shipped.subject.en,
          subject_it: shipped.subject.it,
          html_en: shipped.html.en,
          html_it: shipped.html.it,
          footer_links: '[]',
          updated_by: null,
        };
      }),
    )
    .onConflict((oc) => oc.columns(['stack_id', 'key']).where('key', 'is not', null).doNothing())
    .execute();
}

export async function listTemplates(
  db: Db,
  stackId: number,
  q: { search?: string; type?: string; limit: number; offset: number },
): Promise<{ count: number; rows: TemplateRow[] }> {
  let query = db.selectFrom('email_templates').where('stack_id', '=', stackId);
  if (q.search) query = query.where('name', 'ilike', `%${q.search.replace(/[\\%_]/g, '\\$&')}%`);
  if (q.type) query = query.where('type', '=', q.type as TemplateRow['type']);
  const [{ count }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    query
      .selectAll()
      .orderBy(sql`key IS NULL`)
      .orderBy('name')
      .orderBy('id')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
  ]);
  return { count: Number(count), rows };
}

export function templateById(db: Db, stackId: number, id: number): Promise<TemplateRow | undefined> {
  return db
    .selectFrom('email_templates')
    .selectAll()
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function templateByKey(db: Db, stackId: number, key: string): Promise<TemplateRow | undefined> {
  return db
    .selectFrom('email_templates')
    .selectAll()
    .where('stack_id', '=', stackId)
    .where('key', '=', key)
    .executeTakeFirst();
}

function values(v: TemplateValues) {
  const { footer_links, sections, roles, ...rest } = v;
  return {
    ...rest,
    ...(footer_links === undefined ? {} : { footer_links: JSON.stringify(footer_links) }),
    ...(sections === undefined ? {} : { sections: JSON.stringify(sections) }),
    ...(roles === undefined ? {} : { roles: roles === null ? null : JSON.stringify(roles) }),
  };
}

export async function insertTemplate(
  db: Db,
  stackId: number,
  v: Required<Omit<TemplateValues, 'key' | 'roles'>>,
  by: string,
): Promise<TemplateRow> {
  return db
    .insertInto('email_templates')
    .values({
      stack_id: stackId,
      key: null,
      name: v.name,
      type: v.type,
      theme_id: v.theme_id,
      subject_en: v.subject_en,
      subject_it: v.subject_it,
      html_en: v.html_en,
      html_it: v.html_it,
      active: v.active,
      footer_links: JSON.stringify(v.footer_links),
      sections: JSON.stringify(v.sections),
      updated_by: by,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTemplate(
  db: Db,
  stackId: number,
  id: number,
  v: TemplateValues,
  by: string,
): Promise<TemplateRow | undefined> {
  return db
    .updateTable('email_templates')
    .set({ ...values(v), updated_at: new Date(), updated_by: by })
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteTemplate(db: Db, stackId: number, id: number): Promise<number> {
  const res = await db
    .deleteFrom('email_templates')
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .where('key', 'is', null)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function listThemes(
  db: Db,
  stackId: number,
  q: { search?: string; limit: number; offset: number },
): Promise<{ count: number; rows: (ThemeRow & { templates_count: number })[] }> {
  let query = db.selectFrom('email_themes as t').where('t.stack_id', '=', stackId);
  if (q.search) query = query.where('t.name', 'ilike', `%${q.search.replace(/[\\%_]/g, '\\$&')}%`);
  const [{ count }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    query
      .selectAll('t')
      .select((eb) =>
        eb
          .selectFrom('email_templates as e')
          .whereRef('e.stack_id', '=', 't.stack_id')
          .whereRef('e.theme_id', '=', 't.id')
          .select((e) => e.fn.countAll<string>().as('n'))
          .as('templates_count'),
      )
      .orderBy('t.is_default', 'desc')
      .orderBy('t.name')
      .orderBy('t.id')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
  ]);
  return {
    count: Number(count),
    rows: rows.map((r) => ({ ...r, templates_count: Number(r.templates_count ?? 0) })),
  };
}

export function themeById(db: Db, stackId: number, id: number): Promise<ThemeRow | undefined> {
  return db
    .selectFrom('email_themes')
    .selectAll()
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function defaultTheme(db: Db, stackId: number): Promise<ThemeRow | undefined> {
  return db
    .selectFrom('email_themes')
    .selectAll()
    .where('stack_id', '=', stackId)
    .where('is_default', '=', true)
    .executeTakeFirst();
}

export async function countThemeUses(db: Db, stackId: number, themeId: number): Promise<number> {
  const row = await db
    .selectFrom('email_templates')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('stack_id', '=', stackId)
    .where('theme_id', '=', themeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertTheme(
  db: Db,
  stackId: number,
  v: { name: string; html: string },
  by: string,
): Promise<ThemeRow> {
  return db
    .insertInto('email_themes')
    .values({ stack_id: stackId, ...v, updated_by: by })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTheme(
  db: Db,
  stackId: number,
  id: number,
  v: { name?: string; html?: string },
  by: string,
): Promise<ThemeRow | undefined> {
  return db
    .updateTable('email_themes')
    .set({ ...v, updated_at: new Date(), updated_by: by })
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes a theme no template uses and that is not the default; answers whether it did. */
export async function deleteUnusedTheme(db: Db, stackId: number, id: number): Promise<number> {
  const res = await db
    .deleteFrom('email_themes')
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .where('is_default', '=', false)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('email_templates as e')
            .select('e.id')
            .where('e.stack_id', '=', stackId)
            .where('e.theme_id', '=', id),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Makes a theme the community's one default, in one transaction. */
export async function setDefaultTheme(
  db: Db,
  stackId: number,
  id: number,
  by: string,
): Promise<ThemeRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const theme = await trx
      .selectFrom('email_themes')
      .select('id')
      .where('stack_id', '=', stackId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!theme) return undefined;
    await trx
      .updateTable('email_themes')
      .set({ is_default: false })
      .where('stack_id', '=', stackId)
      .where('is_default', '=', true)
      .where('id', '!=', id)
      .execute();
    return trx
      .updateTable('email_themes')
      .set({ is_default: true, updated_at: new Date(), updated_by: by })
      .where('stack_id', '=', stackId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  });
}

/** The staff notifications' rows (the `roles` call), in the order of the list. */
export function staffNotificationRows(
  db: Db,
  stackId: number,
  keys: readonly string[],
): Promise<TemplateRow[]> {
  return db
    .selectFrom('email_templates')
    .selectAll()
    .where('stack_id', '=', stackId)
    .where('key', 'in', [...keys])
    .orderBy('name')
    .execute();
}

export function findSettings(db: Db, stackId: number) {
  return db.selectFrom('email_settings').selectAll().where('stack_id', '=', stackId).executeTakeFirst();
}

export async function saveSettings(
  db: Db,
  stackId: number,
  defaultLanguage: 'en' | 'it',
  by: string,
): Promise<void> {
  await db
    .insertInto('email_settings')
    .values({ stack_id: stackId, default_language: defaultLanguage, updated_at: new Date(), updated_by: by })
    .onConflict((oc) =>
      oc
        .column('stack_id')
        .doUpdateSet({ default_language: defaultLanguage, updated_at: new Date(), updated_by: by }),
    )
    .execute();
}
