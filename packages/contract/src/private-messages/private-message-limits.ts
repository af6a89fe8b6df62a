// A private message's limits and refusals, in a module with no imports: the member site's pages use
// them without loading the schemas (and zod) into the browser.

/** The longest message, in characters. */
export const PRIVATE_MESSAGE_MAX_LENGTH = 5000;
/** The most recipients one POST may name. */
export const PRIVATE_MESSAGE_MAX_RECIPIENTS = 20;

export const PRIVATE_MESSAGE_MESSAGES = {
  disabled: 'Private messages are switched off in this community.',
  toSelf: 'You cannot send a message to yourself.',
  hidden: 'You cannot send messages to this member.',
  unavailable: 'This member cannot receive messages.',
  notSender: 'Only the sender can delete a message.',
  empty: 'Write a message.',
  tooLong: `A message has at most ${PRIVATE_MESSAGE_MAX_LENGTH} characters.`,
} as const;
