// What the server-settings area offers other areas: whether email can be sent, and the notice that
// replaces a promised email when it cannot (issue 12 §2).
export { useCanSendEmail } from './api/mail-sending-api.ts';
export { NoMailNotice } from './components/no-mail-notice.tsx';
