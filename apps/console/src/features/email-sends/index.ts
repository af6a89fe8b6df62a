// What the email-sends area offers other areas: the send dialog the analytics tables open for the
// chosen users (spec core §9 "email-send dialog").
export { EmailSendDialog } from './components/email-send-dialog.tsx';
