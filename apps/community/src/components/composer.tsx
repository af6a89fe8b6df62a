import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
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
import { useNavigate } from '../app/site-router.tsx';
import { RouterLink } from './router-link.tsx';
import { useSite } from '../app/site-context.tsx';
import { NO_PREFERENCES, preferenceOn } from '../site-api/site-queries.ts';
import type { FeedObject } from '../site-api/site-shapes.ts';
import { ComposerImages, type PickedImage } from './composer-images.tsx';
import { ComposerPoll, EMPTY_POLL, pollBody, pollProblem, type PollDraft } from './composer-poll.tsx';
import { localDateTimeInput } from './composer-time.ts';
import { contributionPath } from './contribution-link.ts';
import { uploadImage } from './media-upload.ts';
import { textAsHtml } from './text-as-html.ts';

type Kind = 'post' | 'discussion' | 'status';
const KINDS: readonly Kind[] = ['post', 'discussion', 'status'];
const KIND_LABEL: Record<Kind, string> = {
  post: 'site.composer.post',
  discussion: 'site.composer.discussion',
  status: 'site.composer.status',
};

/**
 * A member writes a post, a discussion (with a title) or a status — each while the community has its
 * type on — in a category (required when the community says so), with a poll (`polls_enabled`; not on
 * a status, which the server takes without one), images, and a publication time
 * (`scheduled_posts_enabled`). With `post_only_staff_enabled`, a member who is not staff is told so.
 */
export function Composer() {
  const intl = useIntl();
  const site = useSite();
  const client = useQueryClient();
  const navigate = useNavigate();
  const preferences = useQuery(site.queries.preferences()).data ?? NO_PREFERENCES;
  const me = useQuery(site.queries.me());
  const categories = useQuery(site.queries.categories()).data?.results ?? [];
  const kinds = KINDS.filter((k) => preferenceOn(preferences, `${k}_type_enabled`));
  const categoryRequired = preferenceOn(preferences, 'post_category_required_enabled');
  const pollsOn = preferenceOn(preferences, 'polls_enabled');
  const schedulingOn = preferenceOn(preferences, 'scheduled_posts_enabled');
  const staffOnly = preferenceOn(preferences, 'post_only_staff_enabled');
  const [chosenKind, setKind] = useState<Kind | null>(null);
  const kind: Kind = chosenKind && kinds.includes(chosenKind) ? chosenKind : (kinds[0] ?? 'post');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [category, setCategory] = useState<number | ''>('');
  const [poll, setPoll] = useState<PollDraft | null>(null);
  const [images, setImages] = useState<PickedImage[]>([]);
  const [imageRefusal, setImageRefusal] = useState<string | null>(null);
  const [schedule, setSchedule] = useState<string | null>(null);
  const [scheduled, setScheduled] = useState<FeedObject | null>(null);

  const withPoll = pollsOn && kind !== 'status' && poll !== null;
  const scheduleAt = schedulingOn && schedule ? new Date(schedule) : null;

  const publish = useMutation({
    mutationFn: async () => {
      // The images first (each with its description), then the contribution naming them.
      const medias: number[] = [];
      for (const image of images) medias.push((await uploadImage(site, image.file, image.alt.trim())).id);
      return (await site.call(`${kind}/`, {
        method: 'POST',
        body: {
          ...(kind === 'discussion' ? { title: title.trim() } : {}),
          html: text.trim() === '' ? '' : textAsHtml(text),
          categories: category === '' ? [] : [category],
          ...(medias.length > 0 ? { medias } : {}),
          ...(withPoll ? { poll: pollBody(poll) } : {}),
          ...(scheduleAt ? { scheduled_at: scheduleAt.toISOString() } : {}),
        },
      })) as FeedObject;
    },
    onSuccess: async (created) => {
      setTitle('');
      setText('');
      setPoll(null);
      setImages([]);
      setSchedule(null);
      await client.invalidateQueries({ queryKey: ['member', 'feed'] });
      await client.invalidateQueries({ queryKey: ['feed'] });
      // A scheduled contribution stays here, said when it will appear; another is opened.
      if (created.scheduled_at) setScheduled(created);
      else void navigate(contributionPath(created));
    },
  });

  if (kinds.length === 0) return null;
  if (staffOnly) {
    if (me.data === undefined) return null;
    if (!me.data.role) {
      return (
        <Alert severity="info" sx={{ mb: 3 }}>
          <FormattedMessage id="site.composer.staffOnly" />
        </Alert>
      );
    }
  }

  const now = new Date();
  const pollIssue = withPoll ? pollProblem(poll, now) : null;
  const scheduleIssue =
    schedule !== null && !(scheduleAt && scheduleAt.getTime() > now.getTime())
      ? 'site.composer.scheduleFuture'
      : null;
  const ready =
    (text.trim() !== '' || images.length > 0 || withPoll || kind === 'discussion') &&
    (kind !== 'discussion' || title.trim() !== '') &&
    (!categoryRequired || category !== '') &&
    pollIssue === null &&
    scheduleIssue === null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) publish.mutate();
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="composer-heading" sx={{ p: 2, mb: 3 }}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
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
                <FormattedMessage id={KIND_LABEL[k]} />
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
          label={intl.formatMessage({
            id: kind === 'status' ? 'site.composer.statusText' : 'site.composer.text',
          })}
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={kind === 'status' ? 2 : 3}
        />
        <ComposerImages images={images} onChange={setImages} onRefused={setImageRefusal} />
        {imageRefusal && (
          <Alert severity="warning" onClose={() => setImageRefusal(null)}>
            <FormattedMessage id={imageRefusal} />
          </Alert>
        )}
        {withPoll && <ComposerPoll poll={poll} onChange={setPoll} onRemove={() => setPoll(null)} />}
        {pollIssue && (
          <Typography variant="body2" color="text.secondary" role="status">
            <FormattedMessage id={pollIssue} />
          </Typography>
        )}
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
        {schedule !== null && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <TextField
              type="datetime-local"
              label={intl.formatMessage({ id: 'site.composer.scheduleAt' })}
              value={schedule}
              onChange={(e) => setSchedule(e.target.value)}
              error={scheduleIssue !== null && schedule !== ''}
              helperText={intl.formatMessage({ id: scheduleIssue ?? 'site.composer.scheduleHelp' })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: localDateTimeInput(now) } }}
            />
            <Button onClick={() => setSchedule(null)}>
              <FormattedMessage id="site.composer.scheduleCancel" />
            </Button>
          </Stack>
        )}
        {publish.error && (
          <Alert severity="error" role="alert">
            <FormattedMessage id="site.composer.failed" values={{ reason: publish.error.message }} />
          </Alert>
        )}
        {scheduled?.scheduled_at && (
          <Alert severity="success" role="status" onClose={() => setScheduled(null)}>
            <FormattedMessage
              id="site.composer.scheduled"
              values={{
                when: intl.formatDate(scheduled.scheduled_at, { dateStyle: 'medium', timeStyle: 'short' }),
              }}
            />{' '}
            <Link component={RouterLink} to={contributionPath(scheduled)}>
              <FormattedMessage id="site.composer.scheduledOpen" />
            </Link>
          </Alert>
        )}
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center' }}
        >
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {pollsOn && kind !== 'status' && poll === null && (
              <Button size="small" onClick={() => setPoll(EMPTY_POLL)}>
                <FormattedMessage id="site.composer.addPoll" />
              </Button>
            )}
            {schedulingOn && schedule === null && (
              <Button
                size="small"
                onClick={() => setSchedule(localDateTimeInput(new Date(Date.now() + 3_600_000)))}
              >
                <FormattedMessage id="site.composer.schedule" />
              </Button>
            )}
          </Stack>
          <Button type="submit" variant="contained" disabled={!ready || publish.isPending}>
            <FormattedMessage
              id={
                publish.isPending
                  ? 'site.composer.publishing'
                  : scheduleAt
                    ? 'site.composer.publishLater'
                    : 'site.composer.publish'
              }
            />
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
