/** Every message of one language: the shell's and every area's (ADR 0007), merged. */
export type Catalogue = Record<string, string>;

/** The message files of one language (`import.meta.glob`, eager) as one catalogue. */
export function mergeCatalogue(files: Record<string, Catalogue>): Catalogue {
  return Object.assign({}, ...Object.values(files)) as Catalogue;
}
