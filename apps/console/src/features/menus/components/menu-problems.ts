import type { MenuProblem } from '@agora/contract';
import { isHttpError } from '../../../core/http/http-error.ts';

/** The message id of a field problem (the rules are the contract's `checkMenuInput`/`checkMenuItemInput`). */
export function menuProblemMessageId(problem: Pick<MenuProblem, 'field' | 'code'>): string {
  switch (problem.field) {
    case 'menu':
      return 'menus.error.invalidMenu';
    case 'label':
      return 'menus.error.invalidLabel';
    case 'url':
      return problem.code === 'required' ? 'menus.error.required' : 'menus.error.invalidUrl';
    case 'attrs':
      return 'menus.error.invalidAttrs';
    case 'name':
      return problem.code === 'max_length' ? 'menus.error.nameTooLong' : 'menus.error.required';
    default:
      return 'menus.error.required';
  }
}

/** Field → message id of the client's check. */
export function problemMessages(problems: MenuProblem[]): Record<string, string> {
  return Object.fromEntries(problems.map((p) => [p.field, menuProblemMessageId(p)]));
}

/** Field → message id of a server refusal; `general` when it names no field. */
export function serverMessages(error: Error, general: string): Record<string, string> {
  const fieldCodes = isHttpError(error) ? error.parsed.fieldCodes : {};
  const next: Record<string, string> = {};
  for (const [field, code] of Object.entries(fieldCodes)) {
    next[field] = menuProblemMessageId({ field, code: code as MenuProblem['code'] });
  }
  return Object.keys(next).length > 0 ? next : { general };
}
