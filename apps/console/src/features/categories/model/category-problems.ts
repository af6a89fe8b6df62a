import { ImageErrorCode, type CategoryProblem } from '@agora/contract';
import type { ImageProblem } from '../components/category-image-field.tsx';

/** The dialog panel that holds each field, so a refused save opens the panel of its first problem. */
export type CategoryPanel = 'editing' | 'seo' | 'advanced';

const SEO_FIELDS = new Set(['seo_title', 'seo_description']);
const ADVANCED_FIELDS = new Set(['image_position', 'image', 'thumbnail']);

export function panelOf(field: string): CategoryPanel {
  if (SEO_FIELDS.has(field)) return 'seo';
  if (ADVANCED_FIELDS.has(field)) return 'advanced';
  return 'editing';
}

/** The message id of a field problem (the contract's `checkCategoryInput` codes, or the server's). */
export function problemMessageId(field: string, code: string): string {
  if (field === 'name') {
    if (code === 'unique') return 'categories.error.titleUnique';
    if (code === 'max_length') return 'categories.error.titleTooLong';
    return 'categories.error.titleRequired';
  }
  if (field === 'slug') {
    if (code === 'unique') return 'categories.error.slugUnique';
    if (code === 'max_length') return 'categories.error.slugTooLong';
    return 'categories.error.slugInvalid';
  }
  if (code === 'max_length') return 'categories.error.tooLong';
  return 'categories.error.invalid';
}

/** The field problems of a refusal, as message ids by field. */
export function fieldMessages(problems: Pick<CategoryProblem, 'field' | 'code'>[]): Record<string, string> {
  return Object.fromEntries(problems.map((p) => [p.field, problemMessageId(p.field, p.code)]));
}

/** What went wrong with an image the server refused (its envelope's code on `file`). */
export function imageProblemOf(status: number | null, code: string | undefined): ImageProblem {
  if (status === 413 || code === ImageErrorCode.tooLarge) return 'size';
  if (code === ImageErrorCode.invalidFormat || code === ImageErrorCode.notAnImage) return 'format';
  return 'failed';
}
