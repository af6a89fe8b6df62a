import Stack from '@mui/material/Stack';
import { CATEGORY_SEO_DESCRIPTION_ADVICE, CATEGORY_SEO_TITLE_ADVICE } from '@agora/contract';
import { AdvisedField } from './advised-field.tsx';
import type { PanelProps } from './category-editing-panel.tsx';

/** The SEO panel: the tag title and meta description, with their advised lengths (70, 150). */
export function CategorySeoPanel({ draft, onDraft, error }: PanelProps) {
  return (
    <Stack spacing={2}>
      <AdvisedField
        name="seo_title"
        labelId="categories.seo.title"
        helpId="categories.seo.titleHelp"
        advice={CATEGORY_SEO_TITLE_ADVICE}
        value={draft.seo_title}
        onChange={(value) => onDraft({ ...draft, seo_title: value })}
        error={error('seo_title')}
      />
      <AdvisedField
        name="seo_description"
        labelId="categories.seo.description"
        helpId="categories.seo.descriptionHelp"
        advice={CATEGORY_SEO_DESCRIPTION_ADVICE}
        value={draft.seo_description}
        onChange={(value) => onDraft({ ...draft, seo_description: value })}
        error={error('seo_description')}
        multiline
      />
    </Stack>
  );
}
