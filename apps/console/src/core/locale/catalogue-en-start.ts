import { mergeCatalogue } from './catalogue.ts';

/** The English messages of the screens before the layout: the shell's and the sign-in code step's. */
export default mergeCatalogue(
  import.meta.glob<Record<string, string>>(['../../../lang/en.json', '../../../lang/two-factor.en.json'], {
    eager: true,
    import: 'default',
  }),
);
