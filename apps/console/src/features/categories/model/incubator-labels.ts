import type { IncubatorAction, IncubatorStatus } from '@agora/contract';

/** Message ids of the incubator's statuses and actions (written out, so each key is found in the source). */
export const INCUBATOR_STATUS_LABEL: Record<IncubatorStatus, string> = {
  pending: 'categories.incubator.status.pending',
  votable: 'categories.incubator.status.votable',
  ready: 'categories.incubator.status.ready',
  published: 'categories.incubator.status.published',
  hidden: 'categories.incubator.status.hidden',
  ignored: 'categories.incubator.status.ignored',
};

export const INCUBATOR_ACTION_LABEL: Record<IncubatorAction, { label: string; named: string }> = {
  publish: {
    label: 'categories.incubator.action.publish',
    named: 'categories.incubator.action.publish.named',
  },
  votable: {
    label: 'categories.incubator.action.votable',
    named: 'categories.incubator.action.votable.named',
  },
  hide: { label: 'categories.incubator.action.hide', named: 'categories.incubator.action.hide.named' },
  ignore: { label: 'categories.incubator.action.ignore', named: 'categories.incubator.action.ignore.named' },
  restore: {
    label: 'categories.incubator.action.restore',
    named: 'categories.incubator.action.restore.named',
  },
};

/** Actions asked before they are done: publish cannot be undone here, hide and ignore close the proposal. */
export const INCUBATOR_CONFIRM: Partial<Record<IncubatorAction, { title: string; text: string }>> = {
  publish: {
    title: 'categories.incubator.confirm.publish',
    text: 'categories.incubator.confirm.publishText',
  },
  hide: { title: 'categories.incubator.confirm.hide', text: 'categories.incubator.confirm.hideText' },
  ignore: { title: 'categories.incubator.confirm.ignore', text: 'categories.incubator.confirm.ignoreText' },
};
