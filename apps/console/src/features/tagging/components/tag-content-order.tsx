import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { TaggingErrorCode, TAG_ORDER_LIMIT, type Tag } from '@agora/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { isHttpError } from '../../../core/http/http-error.ts';
import { notify } from '../../../core/notices/notice-store.ts';
import { useOrderTagMutation } from '../api/use-tagging-mutations.ts';
import { useAssignedObjectsQuery } from '../api/use-tagging-queries.ts';

/** The contents carrying a content tag, in their order, each movable up (up to 100 of them). */
export function TagContentOrder({ tag }: { tag: Tag }) {
  const intl = useIntl();
  const assigned = useAssignedObjectsQuery(tag.id, TAG_ORDER_LIMIT + 1);
  const order = useOrderTagMutation({
    onError: (error) => {
      const tooMany = isHttpError(error) && error.parsed.codes.includes(TaggingErrorCode.tooManyToOrder);
      notify({
        messageId: tooMany ? 'tagging.error.tooManyToOrder' : 'tagging.error.assign',
        variant: 'error',
      });
    },
  });
  const rows = assigned.data?.results ?? [];
  const count = assigned.data?.count;
  const moveUp = (index: number) => {
    const ids = rows.map((o) => o.id);
    [ids[index - 1], ids[index]] = [ids[index]!, ids[index - 1]!];
    order.mutate({ tagId: tag.id, ids });
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="h6" component="h2">
        <FormattedMessage id="tagging.assignment.order" />
      </Typography>
      {count === 0 && (
        <Typography color="text.secondary">
          <FormattedMessage id="tagging.assignment.assignFirst" />
        </Typography>
      )}
      {count !== undefined && count > TAG_ORDER_LIMIT && (
        <Alert severity="warning">
          <FormattedMessage id="tagging.error.tooManyToOrder" />
        </Alert>
      )}
      {count !== undefined && count > 1 && count <= TAG_ORDER_LIMIT && (
        <List dense data-testid="tag-order">
          {rows.map((object, index) => (
            <ListItem
              key={object.id}
              secondaryAction={
                index > 0 && (
                  <IconButton
                    edge="end"
                    aria-label={intl.formatMessage({ id: 'tagging.action.moveUp' })}
                    onClick={() => moveUp(index)}
                  >
                    <ArrowUpwardOutlined fontSize="small" />
                  </IconButton>
                )
              }
            >
              <ListItemText primary={`${index + 1}. ${object.label}`} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
