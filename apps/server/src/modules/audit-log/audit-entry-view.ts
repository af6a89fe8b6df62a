import {
  auditActionOf,
  auditActionSpec,
  preferenceDefinition,
  type AuditAction,
  type AuditChange,
  type AuditPersonSource,
} from '@agora/contract';

// What a recorded write means to a reader: its action of the registry, the person it was done to,
// what the sentence names, and the fields it set (before → after where the route recorded the earlier
// values). Derived when read, from the method and route pattern every entry holds, so entries written
// before the registry read the same way.

type Json = Record<string, unknown>;

function record(value: unknown): Json {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

/** A value as the log shows it; null for "none". */
export function valueText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export function actionOf(method: string, route: string): AuditAction | 'unknown' {
  return auditActionOf(method, route) ?? 'unknown';
}

/** The person an entry names (by id or by username), from where its action's spec says. */
export function personRefOf(
  action: AuditAction | 'unknown',
  target: Json,
  details: Json,
): { id: number } | { username: string } | null {
  if (action === 'unknown') return null;
  const source: AuditPersonSource | undefined = auditActionSpec(action).person;
  if (!source) return null;
  const holder = source.from === 'params' ? record(target.params) : record(details.body);
  const raw = holder[source.field];
  if (source.by === 'username') return typeof raw === 'string' && raw !== '' ? { username: raw } : null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? { id } : null;
}

/** The changed preferences of a settings write: `{ name, value }` or a map name → value. */
function preferenceValues(body: Json): Json {
  if (typeof body.name === 'string' && 'value' in body) return { [body.name]: body.value };
  return body;
}

function onOff(value: unknown): string | null {
  if (value === undefined) return null;
  return value === true || value === 'true' || value === 1 ? 'on' : 'off';
}

/** The one word or name a sentence holds besides the person (a role, a settings group, …). */
export function subjectOf(action: AuditAction | 'unknown', target: Json, details: Json): string | null {
  const body = record(details.body);
  const params = record(target.params);
  switch (action) {
    case 'settings.update': {
      const sections = new Set(
        Object.keys(preferenceValues(body)).map((name) => preferenceDefinition(name)?.section ?? 'other'),
      );
      return sections.size === 1 ? [...sections][0]! : 'several';
    }
    case 'staff.assign_role':
      return valueText(body.role);
    case 'app_settings.update':
      return valueText(params.platform);
    case 'tags.create':
    case 'tags.update':
    case 'menus.create':
      return valueText(body.name);
    case 'legal_pages.create':
      return valueText(body.label);
    case 'menus.item_create':
      return valueText(body.label);
    case 'registration.decide':
    case 'moderation.flags':
      return valueText(body.action);
    case 'features.hub_toggle':
      return valueText(body.name);
    case 'analytics.export':
      return valueText(body.type);
    case 'moderation.bot':
      return onOff(body.enabled);
    case 'two_factor.requirement':
      return onOff(body.required);
    case 'scoring.add_points':
      return valueText(body.points ?? body.score);
    case 'moderation.user_score':
      return valueText(body.points);
    default:
      return null;
  }
}

/** The fields the write set, each with its earlier value when the route recorded one (`before`). */
export function changesOf(action: AuditAction | 'unknown', details: Json): AuditChange[] {
  if (details.truncated === true) {
    return [{ field: 'details', before: null, after: valueText(details.preview) }];
  }
  const body = record(details.body);
  const before = record(details.before);
  const after = action === 'settings.update' ? preferenceValues(body) : body;
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return fields.map((field) => ({
    field,
    before: field in before ? valueText(before[field]) : null,
    after: field in after ? valueText(after[field]) : null,
  }));
}
