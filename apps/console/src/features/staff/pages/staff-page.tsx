import type { StaffMember } from '@agora/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { notify } from '../../../core/notices/notice-store.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { staffErrorId, useRemoveStaffMemberMutation, useStaffList } from '../api/staff-api.ts';
import { RoleLabel } from '../../../core/roles/role-label.tsx';
import { StaffDialog } from '../components/staff-dialog.tsx';
import { TwoFactorRequirementCard } from '../../two-factor/index.ts';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';

const ATTRIBUTE_CHIPS = [
  { name: 'badge', labelId: 'staff.attribute.badge' },
  { name: 'prioritize_content', labelId: 'staff.attribute.prioritizeContent' },
  { name: 'disable_notifications', labelId: 'staff.attribute.disableNotifications' },
  { name: 'gdpr_data_manager', labelId: 'staff.attribute.gdprDataManager' },
] as const;

/** Staff roles (spec mgmt §2, §3, §5): the staff list, add, edit and remove. */
export default function StaffPage() {
  const intl = useIntl();
  const staff = useStaffList();
  const selfUsername = useSessionStore((state) => state.user?.username) ?? '';
  const [dialog, setDialog] = useState<{ member: StaffMember | null; key: number } | null>(null);
  const [removing, setRemoving] = useState<StaffMember | null>(null);

  const remove = useRemoveStaffMemberMutation({
    onSuccess: () => {
      setRemoving(null);
      notify({ messageId: 'staff.removed', variant: 'success' });
    },
    onError: (err) => {
      setRemoving(null);
      const id = staffErrorId(err);
      const own = id === 'staff.error.ownRole' || id === 'staff.error.adminRole';
      notify({ messageId: own ? (id as string) : 'staff.error.removeFailed', variant: 'error' });
    },
  });

  return (
    <Stack spacing={2} data-testid="staff-page">
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography variant="h4" component="h1">
          <FormattedMessage id="staff.title" />
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => setDialog({ member: null, key: Date.now() })}
          data-testid="staff-add"
        >
          <FormattedMessage id="staff.add" />
        </Button>
      </Stack>
      <ListScaffold
        query={staff}
        empty={staff.data?.length === 0}
        errorText={<FormattedMessage id="staff.loadError" />}
        emptyText={<FormattedMessage id="staff.empty" />}
      >
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="staff-table">
            <TableHead>
              <TableRow>
                <TableCell>
                  <FormattedMessage id="staff.username" />
                </TableCell>
                <TableCell>
                  <FormattedMessage id="staff.role" />
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  <FormattedMessage id="staff.attributes" />
                </TableCell>
                <TableCell align="right">
                  <FormattedMessage id="staff.actions" />
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(staff.data ?? []).map((member) => (
                <TableRow key={member.id} data-testid={`staff-row-${member.username}`}>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{member.username}</TableCell>
                  <TableCell>
                    <RoleLabel role={member.role} />
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                      {ATTRIBUTE_CHIPS.filter(({ name }) => member[name]).map(({ name, labelId }) => (
                        <Chip key={name} size="small" label={intl.formatMessage({ id: labelId })} />
                      ))}
                    </Box>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton
                      aria-label={intl.formatMessage({ id: 'staff.edit' }, { username: member.username })}
                      onClick={() => setDialog({ member, key: Date.now() })}
                    >
                      <EditOutlined />
                    </IconButton>
                    {/* "The admin user's role cannot be changed" (spec mgmt §5): an admin is not removed. */}
                    {member.username !== selfUsername && member.role !== 'admin' && (
                      <IconButton
                        aria-label={intl.formatMessage({ id: 'staff.remove' }, { username: member.username })}
                        onClick={() => setRemoving(member)}
                      >
                        <DeleteOutline />
                      </IconButton>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ListScaffold>
      <TwoFactorRequirementCard />
      {dialog && (
        <StaffDialog
          key={dialog.key}
          open
          member={dialog.member}
          selfUsername={selfUsername}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={<FormattedMessage id="staff.removeTitle" />}
        text={<FormattedMessage id="staff.removeConfirm" values={{ username: removing?.username ?? '' }} />}
        cancelLabel={<FormattedMessage id="staff.cancel" />}
        confirmLabel={<FormattedMessage id="staff.removeAction" />}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.username)}
        confirmTestId="staff-remove-confirm"
      />
    </Stack>
  );
}
