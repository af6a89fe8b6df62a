/**
 * What a page reads from its address, shared by the route table (which the first page loads) and the
 * pages themselves (which load on demand).
 */

/** The id in an address (`/post/12/…`), or undefined when it is not a positive whole number. */
export function idParam(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && String(id) === value ? id : undefined;
}

/** The page of a paged list named by `?page=N` (1 when absent or not a page number). */
export function pageOfSearch(search: string): number {
  const value = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(value) && value >= 1 ? value : 1;
}
