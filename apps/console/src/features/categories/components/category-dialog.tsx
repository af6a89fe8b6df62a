import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { checkCategoryInput, type Category, type CategoryImageKind } from '@agora/contract';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isHttpError } from '../../../core/http/http-error.ts';
import {
  CategoryImageError,
  useSaveCategoryMutation,
  type ImageChanges,
} from '../api/use-categories-mutations.ts';
import { bodyOf, draftOf, type CategoryDraft } from '../model/category-draft.ts';
import { fieldMessages, imageProblemOf, panelOf, type CategoryPanel } from '../model/category-problems.ts';
import { CategoryAdvancedPanel } from './category-advanced-panel.tsx';
import { CategoryEditingPanel } from './category-editing-panel.tsx';
import type { ImageProblem } from './category-image-field.tsx';
import { CategorySeoPanel } from './category-seo-panel.tsx';

const PANELS: { value: CategoryPanel; label: string }[] = [
  { value: 'editing', label: 'categories.panel.editing' },
  { value: 'seo', label: 'categories.panel.seo' },
  { value: 'advanced', label: 'categories.panel.advanced' },
];

/**
 * Add or edit a category (mgmt §2-§3) in three panels: editing, SEO, advanced. Save checks the
 * fields with the contract's rules, sends them, then stores the images picked in the advanced panel.
 */
export function CategoryDialog({
  category,
  onClose,
  onSaved,
}: {
  /** The category to edit, or null to add one. */
  category: Category | null;
  onClose: () => void;
  onSaved: (category: Category) => void;
}) {
  const intl = useIntl();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const idBase = useId();
  /** The category as saved so far: a new one that was added before an image failed is edited from then on. */
  const [current, setCurrent] = useState<Category | null>(category);
  const [draft, setDraft] = useState<CategoryDraft>(() => draftOf(category));
  const [images, setImages] = useState<ImageChanges>({});
  const [imageProblems, setImageProblems] = useState<Partial<Record<CategoryImageKind, ImageProblem>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [panel, setPanel] = useState<CategoryPanel>('editing');

  const save = useSaveCategoryMutation({
    onSuccess: (saved) => onSaved(saved),
    onError: (error, variables) => {
      if (error instanceof CategoryImageError) {
        // The fields are saved; only the image is left to try again.
        setCurrent(error.category);
        setDraft((d) => ({ ...d, slug: error.category.slug, slugEdited: true }));
        // The images before the refused one are stored; the refused one is dropped, the rest wait.
        const kinds = Object.keys(variables.images) as CategoryImageKind[];
        const waiting = kinds.slice(kinds.indexOf(error.kind) + 1);
        setImages(Object.fromEntries(waiting.map((kind) => [kind, variables.images[kind]])));
        const cause = error.cause;
        setImageProblems((p) => ({
          ...p,
          [error.kind]: isHttpError(cause)
            ? imageProblemOf(cause.status, cause.parsed.fieldCodes.file)
            : imageProblemOf(null, undefined),
        }));
        setPanel('advanced');
        return;
      }
      const fieldCodes = isHttpError(error) ? error.parsed.fieldCodes : {};
      const fields = fieldMessages(
        Object.entries(fieldCodes).map(([field, code]) => ({ field, code: code as 'invalid' })),
      );
      setErrors(fields);
      const first = Object.keys(fields)[0];
      if (first) setPanel(panelOf(first));
      setGeneral(variables.id === null ? 'categories.error.add' : 'categories.error.edit');
    },
  });

  const submit = () => {
    setGeneral(null);
    const body = bodyOf(draft);
    const problems = checkCategoryInput(body);
    if (problems.length > 0) {
      setErrors(fieldMessages(problems));
      setPanel(panelOf(problems[0]!.field));
      return;
    }
    setErrors({});
    save.mutate({ id: current?.id ?? null, body, images });
  };

  const error = (field: string) => (errors[field] ? intl.formatMessage({ id: errors[field] }) : undefined);
  const onDraft = (next: CategoryDraft) => setDraft(next);
  const titleId = `${idBase}-title`;
  const panelId = (value: CategoryPanel) => `${idBase}-${value}`;

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby={titleId}
      data-testid="category-dialog"
    >
      <DialogTitle id={titleId}>
        {current ? (
          <FormattedMessage id="categories.dialog.editTitle" values={{ name: current.name }} />
        ) : (
          <FormattedMessage id="categories.dialog.createTitle" />
        )}
      </DialogTitle>
      <Tabs
        value={panel}
        onChange={(_event, value: CategoryPanel) => setPanel(value)}
        variant={phone ? 'fullWidth' : 'standard'}
        sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {PANELS.map((p) => (
          <Tab
            key={p.value}
            value={p.value}
            label={intl.formatMessage({ id: p.label })}
            id={`${panelId(p.value)}-tab`}
            aria-controls={panelId(p.value)}
            data-testid={`category-panel-${p.value}`}
          />
        ))}
      </Tabs>
      <DialogContent>
        {PANELS.map((p) => (
          <Box
            key={p.value}
            role="tabpanel"
            id={panelId(p.value)}
            aria-labelledby={`${panelId(p.value)}-tab`}
            hidden={panel !== p.value}
            sx={{ pt: 1 }}
          >
            {p.value === 'editing' && (
              <CategoryEditingPanel
                draft={draft}
                onDraft={onDraft}
                error={error}
                categoryId={current?.id ?? null}
              />
            )}
            {p.value === 'seo' && <CategorySeoPanel draft={draft} onDraft={onDraft} error={error} />}
            {p.value === 'advanced' && (
              <CategoryAdvancedPanel
                draft={draft}
                onDraft={onDraft}
                category={current}
                images={images}
                onImages={setImages}
                problems={imageProblems}
                onProblem={(kind, problem) =>
                  setImageProblems((p) => {
                    const next = { ...p };
                    if (problem) next[kind] = problem;
                    else delete next[kind];
                    return next;
                  })
                }
              />
            )}
          </Box>
        ))}
        {general && (
          <Typography color="error" role="alert" sx={{ mt: 2 }} data-testid="category-dialog-error">
            <FormattedMessage id={general} />
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          <FormattedMessage id="categories.action.cancel" />
        </Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="category-save">
          <FormattedMessage id="categories.action.save" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
