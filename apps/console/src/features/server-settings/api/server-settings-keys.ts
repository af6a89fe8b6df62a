/** Query keys of the server settings area, per community (internal_url). */
export const serverSettingsKeys = {
  all: ['server-settings'] as const,
  domain: (internalUrl: string) => [...serverSettingsKeys.all, 'domain', internalUrl] as const,
  mailServer: (internalUrl: string) => [...serverSettingsKeys.all, 'mail-server', internalUrl] as const,
  sending: (internalUrl: string) => [...serverSettingsKeys.all, 'sending', internalUrl] as const,
};
