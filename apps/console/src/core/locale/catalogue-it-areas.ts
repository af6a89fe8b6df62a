import { mergeCatalogue } from './catalogue.ts';

/** The Italian messages of the areas, fetched with the layout: every `lang/<area>.it.json` but two-factor's. */
export default mergeCatalogue(
  import.meta.glob<Record<string, string>>(['../../../lang/*.it.json', '!../../../lang/two-factor.it.json'], {
    eager: true,
    import: 'default',
  }),
);
