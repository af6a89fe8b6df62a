import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';

/** Tag types of spec core §3: user tags, interest (category) tags and content (thread) tags. */
export const TAG_TYPES = ['user', 'category', 'thread'] as const;
export const tagTypeSchema = z.enum(TAG_TYPES);
export type TagType = z.infer<typeof tagTypeSchema>;

/** What each tag type is assigned to. */
export const TAG_OBJECT_TYPES = ['user', 'category', 'contribution'] as const;
export const tagObjectTypeSchema = z.enum(TAG_OBJECT_TYPES);
export type TagObjectType = z.infer<typeof tagObjectTypeSchema>;
export const TAG_OBJECT_TYPE_OF: Record<TagType, TagObjectType> = {
  user: 'user',
  category: 'category',
  thread: 'contribution',
};

/** Limits of spec core §9 and mgmt §9. */
export const TAG_NAME_MAX = 35;
export const TAG_DESCRIPTION_MAX = 120;
export const TAG_ORDER_LIMIT = 100;
export const TAG_DEFAULT_COLOR = '#DCDBDC';
/** The 19 colours a tag can take (the first is the default). */
export const TAG_PALETTE = [
  '#DCDBDC',
  '#F44336',
  '#E91E63',
  '#9C27B0',
  '#673AB7',
  '#3F51B5',
  '#2196F3',
  '#03A9F4',
  '#00BCD4',
  '#009688',
  '#3D9999',
  '#4CAF50',
  '#8BC34A',
  '#CDDC39',
  '#FFEB3B',
  '#FFC107',
  '#FF9800',
  '#FF5722',
  '#795548',
] as const;

/** Addressing actions (spec mgmt §3): direct posts to, send broadcast message to. */
export const TAG_ADDRESSING_ACTIONS = ['direct_posts', 'broadcast'] as const;
export const tagAddressingActionSchema = z.enum(TAG_ADDRESSING_ACTIONS);
export type TagAddressingAction = z.infer<typeof tagAddressingActionSchema>;

/** Feature flag of each tag type besides `tagging` itself. */
export const TAG_TYPE_FEATURE: Record<TagType, 'tagging' | 'tagging_category' | 'tagging_content'> = {
  user: 'tagging',
  category: 'tagging_category',
  thread: 'tagging_content',
};

/** Error codes of tagging's refusals (besides the shared `required`, `invalid`, `not_found`). */
export const TaggingErrorCode = {
  /** Another tag of the community has this name. */
  unique: 'unique',
  /** The objects are not of the tag's type. */
  objectTypeMismatch: 'object_type_mismatch',
  assignmentFailed: 'assignment_failed',
  /** Only a thread tag orders its contents. */
  notOrderable: 'not_orderable',
  notAssigned: 'not_assigned',
  tooManyToOrder: 'too_many_to_order',
} as const;

export const TAGGING_MESSAGES = {
  invalidName: 'Insert a valid name',
  nameTooLong: `Insert a valid name (at most ${TAG_NAME_MAX} characters).`,
  unique: 'This field must be unique',
  descriptionTooLong: `Ensure this field has no more than ${TAG_DESCRIPTION_MAX} characters.`,
  color: 'Choose a colour from the palette.',
  type: 'Choose user, category or thread.',
  ids: 'Choose at least one tag.',
  objectIds: 'Choose at least one element.',
  objectType: 'This tag cannot be assigned to this kind of element.',
  assignError: 'Sorry! An error occurred in the tag assignment. Try later!',
  notAssigned: 'A tag must be assigned first.',
  tooManyToOrder: `Tags with more than ${TAG_ORDER_LIMIT} assigned elements cannot be ordered.`,
  orderIds: 'Order only the elements assigned to this tag.',
  addressingFrom: 'Choose a source tag.',
  addressingTo: 'Choose at least one recipient tag.',
  addressingActions: 'Choose at least one action.',
  addressingUserTags: 'Addressing works with user tags only.',
  tagNotFound: 'This tag is not found.',
} as const;

export const tagSchema = z.object({
  id: z.number().int(),
  type: tagTypeSchema,
  name: z.string(),
  description: z.string(),
  color: z.string(),
  visible: z.boolean().describe('Shown in the member profile'),
  visibility_boost: z.boolean().describe('Prioritizes the contents of members with this tag'),
  active: z.boolean(),
  created_at: z.string(),
  assigned_count: z.number().int().describe('Users, categories or contents the tag is assigned to'),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagListSchema = z.object({ count: z.number().int(), results: z.array(tagSchema) });
export type TagList = z.infer<typeof tagListSchema>;

const boolish = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]);

export const tagListQuerySchema = z.object({
  type: tagTypeSchema,
  active: boolish.optional(),
  search: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type TagListQuery = z.infer<typeof tagListQuerySchema>;

/** `tags/add/` (and `tags/{id}/update/`, where every field is optional). Checked by `checkTagInput`. */
export const tagWriteBodySchema = z.object({
  type: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  color: z.string().optional(),
  visible: z.boolean().optional(),
  visibility_boost: z.boolean().optional(),
  active: z.boolean().optional(),
});
export type TagWriteBody = z.infer<typeof tagWriteBodySchema>;

export const tagColorBodySchema = z.object({ color: z.string() });
export const tagSetActiveBodySchema = z.object({ ids: z.array(rowIdSchema), active: z.boolean() });
export const tagSetActiveResultSchema = z.object({ updated: z.number().int() });

export const tagAssignBodySchema = z.object({
  object_type: tagObjectTypeSchema,
  object_ids: z.array(rowIdSchema),
});
export type TagAssignBody = z.infer<typeof tagAssignBodySchema>;
export const tagOrderBodySchema = z.object({ object_ids: z.array(rowIdSchema) });

/** One element a tag can be assigned to (a user, a category or a content). */
export const tagObjectSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  detail: z.string().describe('Email of a user, slug of a category, type of a content'),
  assigned: z.boolean(),
  ordering: z.number().int().nullable(),
});
export type TagObject = z.infer<typeof tagObjectSchema>;
export const tagObjectListSchema = z.object({ count: z.number().int(), results: z.array(tagObjectSchema) });
export type TagObjectList = z.infer<typeof tagObjectListSchema>;
export const tagObjectsQuerySchema = z.object({
  search: z.string().optional(),
  assigned: boolish.optional().describe('true: only the assigned elements, in their order'),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

export const tagAssignResultSchema = z.object({ assigned_count: z.number().int() });

export const tagAddressingSchema = z.object({
  id: z.number().int(),
  user_tag_from: z.number().int(),
  actions: z.array(tagAddressingActionSchema),
  user_tag_to: z.array(z.number().int()),
  /** The name of every tag the rule names, by id (the console shows names, whatever the tag count). */
  tag_names: z.record(z.string(), z.string()),
});
export type TagAddressing = z.infer<typeof tagAddressingSchema>;
export const tagAddressingBodySchema = z.object({
  id: rowIdSchema.optional().describe('Updates this addressing rule instead of creating one'),
  delete: z.boolean().optional().describe('With id: removes the rule'),
  user_tag_from: rowIdSchema.nullable().optional(),
  actions: z.array(z.string()).optional(),
  user_tag_to: z.array(rowIdSchema).optional(),
});
export type TagAddressingBody = z.infer<typeof tagAddressingBodySchema>;

export interface TagProblem {
  field: string;
  code: 'required' | 'invalid' | 'max_length' | 'unique';
  message: string;
}

function isPaletteColor(value: string): boolean {
  return (TAG_PALETTE as readonly string[]).includes(value.toUpperCase());
}

/** Any hex colour, `#rgb` or `#rrggbb`, as SelfCommunity's SDK sends a tag's colour (member API). */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value);
}

/** The palette colour, upper-cased, or null when not in the palette. */
export function paletteColor(value: unknown): string | null {
  return typeof value === 'string' && isPaletteColor(value) ? value.toUpperCase() : null;
}

/**
 * Checks a tag's fields (the console's dialog and the server use the same rules). With `partial`,
 * absent fields are not checked (update). `colors`: the console keeps its palette; the member API
 * takes any hex colour, as SelfCommunity's SDK sends it.
 */
export function checkTagInput(
  input: TagWriteBody,
  partial = false,
  colors: 'palette' | 'hex' = 'palette',
): TagProblem[] {
  const m = TAGGING_MESSAGES;
  const problems: TagProblem[] = [];
  if (!partial || input.type !== undefined) {
    if (!(TAG_TYPES as readonly string[]).includes(input.type ?? '')) {
      problems.push({ field: 'type', code: 'invalid', message: m.type });
    }
  }
  if (!partial || input.name !== undefined) {
    const name = (input.name ?? '').trim();
    // eslint-disable-next-line no-control-regex
    if (name === '' || /[\u0000-\u001f\u007f]/.test(name)) {
      problems.push({ field: 'name', code: 'invalid', message: m.invalidName });
    } else if (name.length > TAG_NAME_MAX) {
      problems.push({ field: 'name', code: 'max_length', message: m.nameTooLong });
    }
  }
  if (input.description !== undefined && input.description.trim().length > TAG_DESCRIPTION_MAX) {
    problems.push({ field: 'description', code: 'max_length', message: m.descriptionTooLong });
  }
  const colorOk = colors === 'hex' ? isHexColor : isPaletteColor;
  if (input.color !== undefined && !colorOk(input.color)) {
    problems.push({ field: 'color', code: 'invalid', message: m.color });
  }
  return problems;
}

/** Checks an addressing rule: a source tag, at least one recipient and at least one action. */
export function checkTagAddressingInput(input: TagAddressingBody): TagProblem[] {
  const m = TAGGING_MESSAGES;
  const problems: TagProblem[] = [];
  if (input.user_tag_from === undefined || input.user_tag_from === null) {
    problems.push({ field: 'user_tag_from', code: 'required', message: m.addressingFrom });
  }
  if (!input.user_tag_to || input.user_tag_to.length === 0) {
    problems.push({ field: 'user_tag_to', code: 'required', message: m.addressingTo });
  }
  const actions = input.actions ?? [];
  if (actions.length === 0) {
    problems.push({ field: 'actions', code: 'required', message: m.addressingActions });
  } else if (actions.some((a) => !(TAG_ADDRESSING_ACTIONS as readonly string[]).includes(a))) {
    problems.push({ field: 'actions', code: 'invalid', message: m.addressingActions });
  }
  return problems;
}

export const taggingPaths = {
  /** Relative to a stack's internal_url. */
  list: '/platform/api/v1/tags/',
  add: '/platform/api/v1/tags/add/',
  update: '/platform/api/v1/tags/:id/update/',
  setColor: '/platform/api/v1/tags/:id/set_color/',
  setActive: '/platform/api/v1/tags/set_active/',
  objects: '/platform/api/v1/tags/:id/objects/',
  assign: '/platform/api/v1/tags/:id/assign/',
  unassign: '/platform/api/v1/tags/:id/unassign/',
  order: '/platform/api/v1/tags/:id/order/',
  addressing: '/platform/api/v1/tags/addressing/',
} as const;
