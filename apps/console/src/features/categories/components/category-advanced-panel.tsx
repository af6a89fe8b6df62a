import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import {
  CATEGORY_IMAGE_POSITIONS,
  type Category,
  type CategoryImageKind,
  type CategoryImagePosition,
} from '@agora/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ImageChanges } from '../api/use-categories-mutations.ts';
import { CategoryImageField, type ImageProblem } from './category-image-field.tsx';
import type { PanelProps } from './category-editing-panel.tsx';

const POSITION_LABELS: Record<CategoryImagePosition, string> = {
  top: 'categories.position.top',
  middle: 'categories.position.middle',
  bottom: 'categories.position.bottom',
};

const OBJECT_POSITION: Record<CategoryImagePosition, string> = {
  top: 'center top',
  middle: 'center center',
  bottom: 'center bottom',
};

/** The advanced panel: the category image with its vertical position, and the thumbnail. */
export function CategoryAdvancedPanel({
  draft,
  onDraft,
  category,
  images,
  onImages,
  problems,
  onProblem,
}: Omit<PanelProps, 'error'> & {
  category: Category | null;
  images: ImageChanges;
  onImages: (images: ImageChanges) => void;
  problems: Partial<Record<CategoryImageKind, ImageProblem>>;
  onProblem: (kind: CategoryImageKind, problem: ImageProblem | null) => void;
}) {
  const intl = useIntl();
  const change = (kind: CategoryImageKind) => (next: File | null | undefined) => {
    const rest = { ...images };
    delete rest[kind];
    onImages(next === undefined ? rest : { ...rest, [kind]: next });
  };
  return (
    <Stack spacing={3}>
      <CategoryImageField
        kind="image"
        url={category?.image_url ?? null}
        pending={images.image}
        onPending={change('image')}
        problem={problems.image ?? null}
        onProblem={(problem) => onProblem('image', problem)}
        objectPosition={OBJECT_POSITION[draft.image_position]}
      />
      <FormControl>
        <FormLabel id="category-image-position-label">
          <FormattedMessage id="categories.field.imagePosition" />
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby="category-image-position-label"
          name="image_position"
          value={draft.image_position}
          onChange={(event) =>
            onDraft({ ...draft, image_position: event.target.value as CategoryImagePosition })
          }
        >
          {CATEGORY_IMAGE_POSITIONS.map((position) => (
            <FormControlLabel
              key={position}
              value={position}
              control={<Radio />}
              label={intl.formatMessage({ id: POSITION_LABELS[position] })}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <CategoryImageField
        kind="thumbnail"
        url={category?.thumbnail_url ?? null}
        pending={images.thumbnail}
        onPending={change('thumbnail')}
        problem={problems.thumbnail ?? null}
        onProblem={(problem) => onProblem('thumbnail', problem)}
      />
    </Stack>
  );
}
