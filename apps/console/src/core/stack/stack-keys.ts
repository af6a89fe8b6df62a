/** Query keys of the stacks area: the account's communities and one community's own view. */
export const stackKeys = {
  all: ['stacks'] as const,
  list: () => [...stackKeys.all, 'list'] as const,
  detail: (id: number) => [...stackKeys.all, 'detail', id] as const,
  self: (internalUrl: string) => [...stackKeys.all, 'self', internalUrl] as const,
};
