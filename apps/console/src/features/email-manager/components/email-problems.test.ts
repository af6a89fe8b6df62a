import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../core/http/http-error.ts';
import { insertVariable, refusalReasons, subjectAdviceId } from './email-problems.ts';

describe('email manager: the subject advice and the server refusals', () => {
  it('advises a subject of 40 to 60 characters without enforcing it', () => {
    expect(subjectAdviceId(39)).toBe('emailManager.subject.short');
    expect(subjectAdviceId(40)).toBe('emailManager.subject.good');
    expect(subjectAdviceId(60)).toBe('emailManager.subject.good');
    expect(subjectAdviceId(61)).toBe('emailManager.subject.long');
  });

  it('inserts a variable at the cursor, replacing the selection', () => {
    expect(insertVariable('Hello !', 'username', 6, 6)).toEqual({ value: 'Hello {{username}}!', cursor: 18 });
    expect(insertVariable('Hello X!', 'code', 6, 7)).toEqual({ value: 'Hello {{code}}!', cursor: 14 });
    expect(insertVariable('', 'code', 99, 99)).toEqual({ value: '{{code}}', cursor: 8 });
  });

  it("keeps the server's reason on its field, or as the general one", () => {
    const field = new HttpError(400, {
      errors: [{ code: 'invalid', field: 'html.it', message: 'Unknown variable: password' }],
    });
    expect(refusalReasons(field)).toEqual({ 'html.it': 'Unknown variable: password' });
    const general = new HttpError(409, {
      errors: [{ code: 'email_theme_in_use', message: 'This theme is in use and cannot be deleted.' }],
    });
    expect(refusalReasons(general)).toEqual({ general: 'This theme is in use and cannot be deleted.' });
  });
});
