import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TAG_OBJECT_TYPE_OF, type Tag, type TagObject, type TagType } from '@agora/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import { notifyToggled } from '../../../core/notices/notify-toggled.ts';
import { TAGGING_PAGE_SIZE } from '../api/tagging-api.ts';
import { useAssignTagMutation } from '../api/use-tagging-mutations.ts';
import { useAssignedObjectsQuery, useTagObjectsQuery } from '../api/use-tagging-queries.ts';
import { useSearchPaging } from '../model/use-search-paging.ts';

const SEARCH_LABEL = {
  user: 'tagging.assignment.searchUsers',
  category: 'tagging.assignment.searchCategories',
  thread: 'tagging.assignment.searchContents',
} as const;

const ASSIGNED_COUNT = {
  user: 'tagging.assignment.assignedUsers',
  category: 'tagging.assignment.assignedCategories',
  thread: 'tagging.assignment.assignedContents',
} as const;

/**
 * Every user, category or content, a page at a time and searched on the server, each with a box that
 * assigns `tag` at once or takes it away; the notice says what was done and can undo it.
 */
export function TagObjectsList({ type, tag }: { type: TagType; tag: Tag }) {
  const intl = useIntl();
  const paging = useSearchPaging(tag.id);
  const objects = useTagObjectsQuery(tag.id, paging.sent, paging.offset);
  const assigned = useAssignedObjectsQuery(tag.id, 1).data?.count;
  const assign = useAssignTagMutation({
    onError: () => notify({ messageId: 'tagging.error.assign', variant: 'error' }),
  });

  const change = (object: TagObject, on: boolean) =>
    assign.mutate(
      { tagId: tag.id, objectType: TAG_OBJECT_TYPE_OF[type], ids: [object.id], on },
      {
        onSuccess: () =>
          notifyToggled({
            messageId: on ? 'tagging.assignment.assigned' : 'tagging.assignment.removed',
            values: { tag: tag.name, name: object.label },
            undo: () => change(object, !on),
          }),
      },
    );

  const page = objects.data;
  return (
    <ListScaffold
      query={objects}
      empty={page?.results.length === 0}
      errorText={<FormattedMessage id="tagging.error.loadObjects" />}
      emptyText={
        paging.sent === '' ? (
          <FormattedMessage id="tagging.empty" />
        ) : (
          <FormattedMessage id="tagging.assignment.noMatch" values={{ search: paging.sent }} />
        )
      }
      filters={
        <>
          {assigned !== undefined && (
            <Typography color="text.secondary" data-testid="tag-assigned-count">
              <FormattedMessage id={ASSIGNED_COUNT[type]} values={{ count: assigned }} />
            </Typography>
          )}
          <TextField
            size="small"
            type="search"
            name="objectSearch"
            label={intl.formatMessage({ id: SEARCH_LABEL[type] })}
            value={paging.text}
            onChange={(e) => paging.setText(e.target.value)}
          />
        </>
      }
      pager={
        page && (
          <ListPager
            offset={paging.offset}
            pageSize={TAGGING_PAGE_SIZE}
            count={page.count}
            onOffset={paging.setOffset}
            testId="tag-objects-pager"
          />
        )
      }
    >
      <List dense data-testid="tag-objects" aria-busy={objects.isPlaceholderData}>
        {(page?.results ?? []).map((object) => (
          <ListItem key={object.id} disablePadding data-testid={`tag-object-${object.id}`}>
            <Checkbox
              checked={object.assigned}
              onChange={(e) => change(object, e.target.checked)}
              disabled={objects.isPlaceholderData}
              slotProps={{ input: { 'aria-label': object.label } }}
            />
            <ListItemText
              primary={object.label}
              secondary={object.detail}
              slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
    </ListScaffold>
  );
}
