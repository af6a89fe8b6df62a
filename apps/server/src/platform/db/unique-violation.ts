/**
 * PostgreSQL's unique violation (SQLSTATE 23505), on the server and on the embedded database alike:
 * two writes raced for a value only one may hold. Given `constraint`, only a violation of that index.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || violated === constraint);
}
