import { notify } from './notice-store.ts';

/**
 * The one way a switch tells it saved (issue 12 §3): a switch saves at once, says what it changed, and
 * its notice offers Undo, which sets the switch back the same way it was set.
 */
export function notifyToggled(input: {
  messageId: string;
  values?: Record<string, string | number>;
  undo: () => void;
}): void {
  notify({
    messageId: input.messageId,
    ...(input.values ? { values: input.values } : {}),
    variant: 'success',
    action: { labelId: 'notice.undo', onAction: input.undo },
  });
}
