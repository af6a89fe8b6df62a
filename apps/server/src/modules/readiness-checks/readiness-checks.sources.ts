/** What the checks read from other areas' modules. */
import type { Config } from '../../platform/config/config.ts';

export { hasCustomMailServer } from '../mail-server/mail-server.repository.ts';
export { customDomainOf } from '../domain-settings/domain-settings.repository.ts';

/** Whether the deployment itself has an SMTP server for communities without their own. */
export function platformMailConfigured(config: Pick<Config, 'smtpUrl'>): boolean {
  return Boolean(config.smtpUrl);
}
