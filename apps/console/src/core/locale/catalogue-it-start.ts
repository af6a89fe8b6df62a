import { mergeCatalogue } from './catalogue.ts';

/** The Italian messages of the screens before the layout: the shell's and the sign-in code step's. */
export default mergeCatalogue(
  import.meta.glob<Record<string, string>>(['../../../lang/it.json', '../../../lang/two-factor.it.json'], {
    eager: true,
    import: 'default',
  }),
);
