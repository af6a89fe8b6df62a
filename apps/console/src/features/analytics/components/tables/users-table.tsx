import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import { AREA_ROLES } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { DayRange } from '../../../../core/analytics/analytics-format.ts';
import { useStackStore } from '../../../../core/stack/stack-store.ts';
import { EmailSendDialog } from '../../../email-sends/index.ts';
import { ExportButton } from '../exports/export-button.tsx';
import { AnalyticsTable, type TableColumn } from './analytics-table.tsx';
import { MEMBER_STATUS_IDS, ValueLabel } from './value-label.tsx';
import { TagAssignDialog } from './tag-assign-dialog.tsx';
import { UserInsightDialog } from './user-insight-dialog.tsx';

/** Columns of the table by user (labels of core §2). */
export function userColumns(openInsight: (user: { id: number; username: string }) => void): TableColumn[] {
  return [
    {
      key: 'username',
      labelId: 'analytics.col.username',
      render: (row) => (
        <Link
          component="button"
          type="button"
          onClick={() => openInsight({ id: row.id, username: String(row.username) })}
          data-testid={`insight-open-${row.id}`}
        >
          {String(row.username)}
        </Link>
      ),
    },
    { key: 'name', labelId: 'analytics.col.name' },
    { key: 'email', labelId: 'analytics.col.email', sortable: false },
    { key: 'registered_at', labelId: 'analytics.col.registeredAt', type: 'time' },
    { key: 'last_login', labelId: 'analytics.col.lastLogin', type: 'time' },
    { key: 'days_missing', labelId: 'analytics.col.daysMissing', type: 'number' },
    {
      key: 'status',
      labelId: 'analytics.col.status',
      render: (row) => <ValueLabel value={row.status} ids={MEMBER_STATUS_IDS} />,
    },
    { key: 'tags', labelId: 'analytics.col.tags', type: 'tags', sortable: false },
    { key: 'interests', labelId: 'analytics.col.interests', type: 'tags', sortable: false },
    { key: 'visits', labelId: 'analytics.col.visits', type: 'number' },
    { key: 'unique_accesses', labelId: 'analytics.col.uniqueAccesses', type: 'number' },
    { key: 'contributions', labelId: 'analytics.col.contributes', type: 'number' },
    { key: 'posts', labelId: 'analytics.col.posts', type: 'number' },
    { key: 'comments', labelId: 'analytics.col.comments', type: 'number' },
    { key: 'connections', labelId: 'analytics.col.connections', type: 'number' },
    { key: 'followers', labelId: 'analytics.col.followers', type: 'number' },
    { key: 'followings', labelId: 'analytics.col.followings', type: 'number' },
    { key: 'appreciations_given', labelId: 'analytics.col.appreciationsGiven', type: 'number' },
    { key: 'appreciations_received', labelId: 'analytics.col.appreciationsReceived', type: 'number' },
    { key: 'shares', labelId: 'analytics.col.shares', type: 'number' },
    { key: 'score', labelId: 'analytics.col.score', type: 'number' },
    { key: 'contents_viewed', labelId: 'analytics.col.contentsViewed', type: 'number' },
    { key: 'private_messages', labelId: 'analytics.col.privateMessages', type: 'number' },
  ];
}

/** Analytics by user: paged on the server, selection presets, tag assignment, insight dialog, export. */
export function UsersTable({ range }: { range: DayRange }) {
  const [insightUser, setInsightUser] = useState<{ id: number; username: string } | null>(null);
  const [tagging, setTagging] = useState<number[] | null>(null);
  const [mailing, setMailing] = useState<number[] | null>(null);
  // Sending email is the email manager's call: staff who may not use it do not get the button.
  const canMail = useStackStore(
    (state) =>
      state.selected?.roles.some((role) =>
        (AREA_ROLES['email-manager'] as readonly string[]).includes(role),
      ) ?? false,
  );
  const [from, to] = range;
  return (
    <>
      <AnalyticsTable
        kind="users"
        testId="users-table"
        columns={userColumns(setInsightUser)}
        range={{ from, to }}
        selectable
        actions={(selection) => (
          <>
            <Button
              variant="contained"
              startIcon={<LocalOfferOutlined />}
              disabled={selection.ids.length === 0}
              onClick={() => setTagging(selection.ids)}
              data-testid="assign-tags"
            >
              <FormattedMessage id="analytics.tags.assignSelected" />
            </Button>
            {canMail && (
              <Button
                variant="outlined"
                startIcon={<MailOutlined />}
                disabled={selection.ids.length === 0}
                onClick={() => setMailing(selection.ids)}
                data-testid="send-email"
              >
                <FormattedMessage id="emailSends.open" />
              </Button>
            )}
            <ExportButton request={{ type: 'users', from, to }} testId="export-users" />
            <TagAssignDialog
              open={tagging !== null}
              userIds={tagging ?? []}
              onClose={() => setTagging(null)}
              onAssigned={() => {
                setTagging(null);
                selection.clear();
              }}
            />
          </>
        )}
      />
      <UserInsightDialog user={insightUser} onClose={() => setInsightUser(null)} />
      {mailing && <EmailSendDialog userIds={mailing} onClose={() => setMailing(null)} />}
    </>
  );
}
