import { mergeCatalogue } from './catalogue.ts';

/** The English messages of the areas, fetched with the layout: every `lang/<area>.en.json` but two-factor's. */
export default mergeCatalogue(
  import.meta.glob<Record<string, string>>(['../../../lang/*.en.json', '!../../../lang/two-factor.en.json'], {
    eager: true,
    import: 'default',
  }),
);
