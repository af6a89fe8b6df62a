import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useSite } from '../app/site-context.tsx';
import { NO_PREFERENCES, preferenceOn } from '../site-api/site-queries.ts';
import type { FeedObject } from '../site-api/site-shapes.ts';
import { contributionPath } from './contribution-link.ts';
import { textAsHtml } from './text-as-html.ts';

type Kind = 'post' | 'discussion';

/** A member writes a post, or a discussion with a title, in a category when there are some. */
export function Composer() {
  const intl = useIntl();
  const site = useSite();
  const client = useQueryClient();
  const navigate = useNavigate();
  const preferences = useQuery(site.queries.preferences()).data ?? NO_PREFERENCES;
  const categories = useQuery(site.queries.categories()).data?.results ?? [];
  const kinds = (['post', 'discussion'] as const).filter((k) =>
    preferenceOn(preferences, `${k}_type_enabled`),
  );
  const categoryRequired = preferenceOn(preferences, 'post_category_required_enabled');
  const [kind, setKind] = useState<Kind>(kinds[0] ?? 'post');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [category, setCategory] = useState<number | ''>('');

  const publish = useMutation({
    mutationFn: async () =>
      (await site.call(`${kind}/`, {
        method: 'POST',
        body: {
          ...(kind === 'discussion' ? { title: title.trim() } : {}),
          html: textAsHtml(text),
          categories: category === '' ? [] : [category],
        },
      })) as FeedObject,
    onSuccess: async (created) => {
      setTitle('');
      setText('');
      await client.invalidateQueries({ queryKey: ['member', 'feed'] });
      await client.invalidateQueries({ queryKey: ['feed'] });
      void navigate(contributionPath(created));
    },
  });

  if (kinds.length === 0) return null;
  const ready =
    text.trim() !== '' &&
    (kind !== 'discussion' || title.trim() !== '') &&
    (!categoryRequired || category !== '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) publish.mutate();
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="composer-heading" sx={{ p: 2, mb: 3 }}>
      <Stack component="form" spacing={2} onSubmit={submit}>
        <Typography id="composer-heading" variant="subtitle1" component="h2">
          <FormattedMessage id="site.composer.title" />
        </Typography>
        {kinds.length > 1 && (
          <ToggleButtonGroup
            exclusive
            size="small"
            value={kind}
            onChange={(_e, value: Kind | null) => value && setKind(value)}
            aria-label={intl.formatMessage({ id: 'site.composer.kind' })}
          >
            {kinds.map((k) => (
              <ToggleButton key={k} value={k}>
                <FormattedMessage id={`site.composer.${k}`} />
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
        {kind === 'discussion' && (
          <TextField
            label={intl.formatMessage({ id: 'site.composer.heading' })}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
        )}
        <TextField
          label={intl.formatMessage({ id: 'site.composer.text' })}
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={3}
          required
        />
        {categories.length > 0 && (
          <TextField
            select
            label={intl.formatMessage({ id: 'site.composer.category' })}
            value={category}
            onChange={(e) => setCategory(e.target.value === '' ? '' : Number(e.target.value))}
            required={categoryRequired}
          >
            {!categoryRequired && (
              <MenuItem value="">
                <FormattedMessage id="site.composer.noCategory" />
              </MenuItem>
            )}
            {categories.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {publish.error && (
          <Alert severity="error" role="alert">
            <FormattedMessage id="site.composer.failed" values={{ reason: publish.error.message }} />
          </Alert>
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={!ready || publish.isPending}>
            <FormattedMessage id={publish.isPending ? 'site.composer.publishing' : 'site.composer.publish'} />
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
