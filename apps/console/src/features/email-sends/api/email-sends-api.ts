import {
  emailDeliveryListSchema,
  emailQuotaSchema,
  emailSendsPaths as paths,
  emailTaskSchema,
  type EmailDeliveryList,
  type EmailDeliveryStatus,
  type EmailQuota,
  type EmailSendTemplateKey,
  type EmailTask,
} from '@agora/contract';
import { apiData } from '../../../core/http/api-client.ts';

export const DELIVERIES_PAGE_SIZE = 10;

/** Query keys of email sending tasks, per community (internal_url). */
export const emailSendKeys = {
  all: ['email-sends'] as const,
  quota: (internalUrl: string) => [...emailSendKeys.all, 'quota', internalUrl] as const,
  task: (internalUrl: string, id: number) => [...emailSendKeys.all, 'task', internalUrl, id] as const,
  deliveries: (internalUrl: string, id: number, filter: DeliveryFilter) =>
    [...emailSendKeys.all, 'deliveries', internalUrl, id, filter] as const,
};

export interface DeliveryFilter {
  status: EmailDeliveryStatus | '';
  offset: number;
}

/** What is sent: a template type, or a subject and HTML body written for this send. */
export type EmailSendRequest =
  | { kind: 'template'; templateKey: EmailSendTemplateKey; userIds: number[] }
  | { kind: 'customised'; subject: string; html: string; userIds: number[] };

const withId = (path: string, id: number) => path.replace(':id', String(id));

export async function fetchQuota(): Promise<EmailQuota> {
  return emailQuotaSchema.parse(await apiData<unknown>({ target: 'stack', path: paths.quota }));
}

export async function startSend(request: EmailSendRequest): Promise<EmailTask> {
  const body =
    request.kind === 'template'
      ? { template_key: request.templateKey, user_ids: request.userIds }
      : { subject: request.subject, html: request.html, user_ids: request.userIds };
  return emailTaskSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: request.kind === 'template' ? paths.send : paths.sendCustomised,
      json: true,
      body,
    }),
  );
}

export async function fetchTask(id: number): Promise<EmailTask> {
  return emailTaskSchema.parse(await apiData<unknown>({ target: 'stack', path: withId(paths.task, id) }));
}

export async function fetchDeliveries(id: number, filter: DeliveryFilter): Promise<EmailDeliveryList> {
  const query = new URLSearchParams({ limit: String(DELIVERIES_PAGE_SIZE), offset: String(filter.offset) });
  if (filter.status) query.set('status', filter.status);
  return emailDeliveryListSchema.parse(
    await apiData<unknown>({ target: 'stack', path: `${withId(paths.deliveries, id)}?${query.toString()}` }),
  );
}
