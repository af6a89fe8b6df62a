/** What the checks read from other areas' modules. */
export { hasCustomMailServer } from '../mail-server/mail-server.repository.ts';
export { platformMailConfigured } from '../mail-server/mail-server.service.ts';
export { customDomainOf } from '../domain-settings/domain-settings.repository.ts';
export { countCategories } from '../categories/categories.repository.ts';
export { currentPolicies } from '../legal-pages/legal-pages.repository.ts';
