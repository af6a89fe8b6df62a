/**
 * Messages of one language, from several files (ADR 0007), merged. Strings in the sources; the build
 * hands react-intl the same messages already parsed (`vite.config.ts`, ADR 0014), which it takes alike.
 */
export type Catalogue = Record<string, string>;

/** The message files of one language (`import.meta.glob`, eager) as one catalogue. */
export function mergeCatalogue(files: Record<string, Catalogue>): Catalogue {
  return Object.assign({}, ...Object.values(files)) as Catalogue;
}
